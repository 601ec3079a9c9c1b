import { createSearchClient, isSearchError, type SearchMode, type SearchProvider } from '@agent-search/core';
import {
  type ProviderSimulator,
  SIMULATOR_FAULTS,
  type SimulatedEndpoint,
  type SimulatedProvider,
  type SimulatorFault,
} from '@agent-search/testing/simulator';
import { timed } from './stats.ts';
import { brave, duckDuckGo, exa, searxng, tavily } from './upstreams.ts';

export interface MatrixRow {
  provider: string;
  mode: SearchMode;
  /** What the fault is applied to: every endpoint of a provider, or one endpoint. */
  faulted: SimulatedProvider | SimulatedEndpoint;
  create: (sim: ProviderSimulator) => SearchProvider;
}

/** Every provider (and DuckDuckGo's separate news endpoint) the matrix covers. */
export const MATRIX_ROWS: MatrixRow[] = [
  {
    provider: 'DuckDuckGo text (HTML endpoint, then d.js; every endpoint faulted)',
    mode: 'text',
    faulted: 'duckduckgo',
    create: (sim) => duckDuckGo(sim),
  },
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
  { provider: 'Tavily', mode: 'text', faulted: 'tavily', create: tavily },
  { provider: 'Exa', mode: 'text', faulted: 'exa', create: exa },
  { provider: 'Brave', mode: 'text', faulted: 'brave', create: brave },
  { provider: 'SearXNG', mode: 'text', faulted: 'searxng', create: searxng },
];

export interface MatrixCell {
  row: MatrixRow;
  fault: SimulatorFault;
  /** The error code, or "answered". */
  outcome: string;
  message: string;
  ms: number;
  upstreamCalls: number;
}

/** How long a single-provider search may take in the matrix: a hang shows up as `timeout` after this. */
export const MATRIX_ATTEMPT_MS = 1_500;

/** Every row × every fault, one search each, through a client holding only that provider. */
export async function runFaultMatrix(sim: ProviderSimulator): Promise<MatrixCell[]> {
  const cells: MatrixCell[] = [];
  for (const row of MATRIX_ROWS) {
    for (const fault of SIMULATOR_FAULTS) {
      sim.reset();
      sim.configure(row.faulted, { faults: { [fault]: 1 } });
      const client = createSearchClient({
        providers: [row.create(sim)],
        attemptTimeoutMs: MATRIX_ATTEMPT_MS,
        timeoutMs: MATRIX_ATTEMPT_MS * 2,
      });
      const { ms, value } = await timed(() =>
        client.search({ query: `fault ${fault}`, mode: row.mode }).then(
          (response) => ({ outcome: 'answered', message: `${response.results.length} results` }),
          (error: unknown) =>
            isSearchError(error)
              ? { outcome: error.code, message: error.message }
              : { outcome: 'not a SearchError', message: String(error) },
        ),
      );
      cells.push({
        row,
        fault,
        ...value,
        ms,
        upstreamCalls: sim.calls(row.faulted.split('.')[0] as SimulatedProvider),
      });
    }
  }
  return cells;
}
