import { packageProject } from '../../vitest.shared.ts';

export default packageProject('bench', {
  setupFiles: ['./test/support/fast-check-seed.ts'],
});
