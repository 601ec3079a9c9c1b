import { packageProject } from '../../vitest.shared.ts';

export default packageProject('bench', {
  testTimeout: 90_000,
  setupFiles: ['./test/support/fast-check-seed.ts'],
});
