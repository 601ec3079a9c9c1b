import { packageProject } from '../../vitest.shared.ts';

export default packageProject('bench', {
  setupFiles: ['./test/support/fast-check-seed.ts'],
  // The reliability harness's heavy runs: every provider × every output, 10,000 searches, the fault matrix.
  integration: [
    'test/hostile-matrix.test.ts',
    'test/load.test.ts',
    'test/fault-matrix.test.ts',
    'test/availability.test.ts',
    // Real sockets against real deadlines (a 500 ms attempt limit): a reliability run, which a machine loaded
    // far past its cores can miss (it did at load average 35), not a unit test.
    'test/chain-loopback.test.ts',
  ],
});
