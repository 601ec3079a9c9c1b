import { createCacheFromEnv } from '@agent-search/cache';
import { createSearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';

// REDIS_URL → memory in front of Redis, else memory. Pass { logger } (pino, or any { debug, info, warn,
// error }) to see what the cache does.
const cache = createCacheFromEnv(process.env);
const client = cache.wrap(createSearchClient({ providers: [createDuckDuckGoProvider()] }));

const first = await client.search({ query: 'ECB rate decision', mode: 'news' }, { userId: 'caller-42' });
const again = await client.search({ query: 'ECB rate decision', mode: 'news' }, { userId: 'caller-42' });
console.log(first.results[0]?.title, again.cached, again.ageMs); // …, true, how old the cached answer is
// on shutdown
await cache.close();
