import { defineProject, mergeConfig } from 'vitest/config';
import { packageProject } from '../../vitest.shared.ts';

// The global setup starts a throwaway redis-server (or uses REDIS_URL) for the shared-memory tests.
export default mergeConfig(
  packageProject('livekit-tool', {
    // Two bot processes on one Redis; the install footprint (packs and installs).
    integration: ['test/two-processes.test.ts', 'test/footprint.test.ts'],
  }),
  defineProject({ test: { globalSetup: ['./test/global-setup.ts'] } }),
);
