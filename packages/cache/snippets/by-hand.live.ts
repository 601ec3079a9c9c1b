import { MemoryStore, RedisStore, TieredStore, withCache } from '@agent-search/cache';
import { createSearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';

const redis = new RedisStore({ url: process.env.REDIS_URL ?? 'redis://localhost:6379' });
const client = withCache(createSearchClient({ providers: [createDuckDuckGoProvider()] }), {
  store: new TieredStore({ front: new MemoryStore(), back: redis }),
  ttlMs: { news: 30 * 60_000 },
  rateLimits: { perUser: { points: 10 }, global: { points: 100, maxWaitMs: 2_000 }, redis: redis.client },
});
const { results } = await client.search(
  { query: 'ECB rate decision', mode: 'news' },
  { userId: 'caller-42' },
);
for (const { title, url } of results) console.log(`${title} (${url})`);
await redis.close();
