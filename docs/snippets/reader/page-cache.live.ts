import { createCacheFromEnv, withPageCache } from '@agent-search/cache';
import { readPage } from '@agent-search/reader';

const cache = createCacheFromEnv(process.env);
const read = withPageCache(readPage, { store: cache.store, ttlMs: 30 * 60_000 });
const page = await read('https://example.com/news/story', { maxChars: 4_000 });
console.log(page.title);
