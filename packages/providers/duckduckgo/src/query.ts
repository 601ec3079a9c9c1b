import type { SafeSearch } from '@agent-search/core';

/** DuckDuckGo's safe-search levels (`kp` on the HTML endpoint, `SafeSearchType` in duck-duck-scrape is 0/-1/-2). */
export const HTML_SAFE_SEARCH: Record<SafeSearch, string> = { strict: '1', moderate: '-1', off: '-2' };

/** DuckDuckGo's "no region" value. */
export const NO_REGION = 'wt-wt';
