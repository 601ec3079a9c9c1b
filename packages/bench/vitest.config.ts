import { packageProject } from '../../vitest.shared.ts';

export default packageProject('bench', {
  setupFiles: ['./test/support/fast-check-seed.ts'],
  // The reliability harness's heavy runs: every provider × every output, 10,000 searches, the fault matrix.
  integration: [
    'test/hostile-matrix.test.ts',
    'test/load.test.ts',
    'test/fault-matrix.test.ts',
    'test/availability.test.ts',
  ],
});
