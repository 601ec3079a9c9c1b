import type { SafeSearch } from '@agent-search/core';

/** Safe search as the HTML endpoint's `kp` (d.js, news.js and v.js: see vqd-endpoints.ts). */
export const HTML_SAFE_SEARCH: Record<SafeSearch, string> = { strict: '1', moderate: '-1', off: '-2' };

/** DuckDuckGo's "no region" value. */
export const NO_REGION = 'wt-wt';
