import { defineProject, mergeConfig } from 'vitest/config';
import { packageProject } from '../../vitest.shared.ts';

// The global setup starts a throwaway redis-server (or uses REDIS_URL) for the Redis tests.
export default mergeConfig(
  packageProject('memory', {
    // Real Redis: the finding store, its bounds, and two bots kept in step through it.
    integration: ['test/redis-finding-store.test.ts', 'test/store-bounds.test.ts', 'test/sync.test.ts'],
  }),
  defineProject({ test: { globalSetup: ['./test/global-setup.ts'] } }),
);
