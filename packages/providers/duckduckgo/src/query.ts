import type { SafeSearch } from '@agent-search/core';

/**
 * DuckDuckGo's safe-search levels: `kp` on the HTML endpoint, `p` on news.js and v.js; d.js sends strict as
 * `p=1` and the others as `ex`.
 */
export const SAFE_SEARCH_LEVEL: Record<SafeSearch, string> = { strict: '1', moderate: '-1', off: '-2' };

/** DuckDuckGo's "no region" value. */
export const NO_REGION = 'wt-wt';
