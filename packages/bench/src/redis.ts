import { hasRedisServer, startRedisServer } from '@agent-search/testing/redis-server';

export interface RedisTarget {
  url: string;
  /** Where it came from, for the report: "REDIS_URL" or "redis-server on port N". */
  origin: string;
  stop(): Promise<void>;
}

/**
 * Redis for the cache benchmark: REDIS_URL when set, else a throwaway redis-server (no persistence) on a
 * free loopback port when the binary exists, else undefined with the reason.
 */
export async function findRedis(): Promise<RedisTarget | { skipped: string }> {
  const url = process.env.REDIS_URL?.trim();
  if (url) return { url, origin: 'REDIS_URL', stop: async () => {} };
  if (!hasRedisServer()) return { skipped: 'skipped: no redis-server' };
  const redis = await startRedisServer();
  return { url: redis.url, origin: `redis-server on port ${redis.port}`, stop: () => redis.stop() };
}
