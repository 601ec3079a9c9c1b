import { hasRedisServer, startRedisServer } from '@agent-search/testing/redis-server';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Redis for the tests: REDIS_URL, or a redis-server started here; '' when neither exists. */
    redisUrl: string;
    /** Whether tests may start their own redis-server (the outage test does). */
    redisServerBinary: boolean;
  }
}

export default async function setup(project: TestProject) {
  const binary = hasRedisServer();
  project.provide('redisServerBinary', binary);
  const fromEnv = process.env.REDIS_URL?.trim();
  if (fromEnv) {
    project.provide('redisUrl', fromEnv);
    return;
  }
  if (!binary) {
    project.provide('redisUrl', '');
    console.warn(
      '[livekit-tool] Neither REDIS_URL nor a redis-server binary is available: the Redis tests are SKIPPED. ' +
        'Install redis-server or set REDIS_URL to run them.',
    );
    return;
  }
  const server = await startRedisServer();
  project.provide('redisUrl', server.url);
  return () => server.stop();
}
