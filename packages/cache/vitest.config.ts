import { defineProject, mergeConfig } from 'vitest/config';
import { packageProject } from '../../vitest.shared.ts';

// The global setup starts a throwaway redis-server (or uses REDIS_URL) for the Redis tests.
export default mergeConfig(
  packageProject('cache', {
    isolate: false,
    // Real Redis: the store, an unresponsive one, the shared chain state, refresh, page cache, stack, and the
    // spend budget several processes share.
    integration: [
      'test/redis.test.ts',
      'test/redis-unresponsive.test.ts',
      'test/chain-state.test.ts',
      'test/chain-state-bounds.test.ts',
      'test/shared-refresh.test.ts',
      'test/stack.test.ts',
      'test/page-cache.test.ts',
      'test/stores.test.ts',
      'test/spend-budget.test.ts',
    ],
  }),
  defineProject({ test: { globalSetup: ['./test/global-setup.ts'] } }),
);
