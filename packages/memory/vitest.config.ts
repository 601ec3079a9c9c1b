import { defineProject, mergeConfig } from 'vitest/config';
import { packageProject } from '../../vitest.shared.ts';

// The global setup starts a throwaway redis-server (or uses REDIS_URL) for the Redis tests.
export default mergeConfig(
  packageProject('memory'),
  defineProject({ test: { globalSetup: ['./test/global-setup.ts'] } }),
);
