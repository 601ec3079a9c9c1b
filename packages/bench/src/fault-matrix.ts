import { createSearchClient, isSearchError, type SearchMode, type SearchProvider } from '@agent-search/core';
import {
  type ProviderSimulator,
  SIMULATOR_FAULTS,
  type SimulatorFault,
} from '@agent-search/testing/simulator';
import { ENDPOINT_FAULT_ROWS } from './fault-scenarios.ts';
import { timed } from './stats.ts';

export interface MatrixRow {
  provider: string;
  mode: SearchMode;
  /** What the fault is applied to: every endpoint of a provider (its id), or one endpoint (`<id>.<endpoint>`). */
  faulted: string;
  create: (sim: ProviderSimulator) => SearchProvider;
}

/**
 * Every provider the simulator serves (every registered one), every endpoint faulted; then the scenarios
 * that fault one endpoint of a provider.
 */
export function matrixRows(sim: ProviderSimulator): MatrixRow[] {
  return [
    ...sim.kits.map(
      (kit): MatrixRow => ({
        provider: `${kit.definition.name} text (every endpoint faulted)`,
        mode: 'text',
        faulted: kit.definition.id,
        create: (s) => s.provider(kit),
      }),
    ),
    ...ENDPOINT_FAULT_ROWS,
  ];
}

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
  for (const row of matrixRows(sim)) {
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
        upstreamCalls: sim.calls(row.faulted.split('.')[0]!),
      });
    }
  }
  return cells;
}
