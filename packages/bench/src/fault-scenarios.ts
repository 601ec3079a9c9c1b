import type { MatrixRow } from './fault-matrix.ts';
import { duckDuckGo } from './upstreams.ts';

/**
 * The fault matrix's scenarios beyond "every endpoint of a provider faulted": DuckDuckGo, the default
 * provider, has endpoints of its own for d.js, news and the vqd token, each faulted alone here.
 */
export const ENDPOINT_FAULT_ROWS: readonly MatrixRow[] = [
  {
    provider: 'DuckDuckGo text, d.js backend (d.js faulted, vqd page healthy)',
    mode: 'text',
    faulted: 'duckduckgo.d.js',
    create: (sim) => duckDuckGo(sim, ['djs']),
  },
  {
    provider: 'DuckDuckGo news (news.js faulted, vqd page healthy)',
    mode: 'news',
    faulted: 'duckduckgo.news.js',
    create: (sim) => duckDuckGo(sim),
  },
  {
    provider: 'DuckDuckGo news (vqd page faulted)',
    mode: 'news',
    faulted: 'duckduckgo.vqd',
    create: (sim) => duckDuckGo(sim),
  },
];
