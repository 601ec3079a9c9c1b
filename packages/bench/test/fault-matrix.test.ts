import { SEARCH_ERROR_CODES } from '@agent-search/core';
import { type ProviderSimulator, SIMULATOR_FAULTS } from '@agent-search/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MatrixCell, matrixRows, runFaultMatrix } from '../src/fault-matrix.ts';
import { routeNeedleTo, startBenchSimulator } from '../src/upstreams.ts';

let sim: ProviderSimulator;
let cells: MatrixCell[];
beforeAll(async () => {
  sim = await startBenchSimulator(5);
  routeNeedleTo(sim);
  cells = await runFaultMatrix(sim);
});
afterAll(() => sim.close());

const cell = (provider: string, fault: string) =>
  cells.find((c) => c.row.provider.startsWith(provider) && c.fault === fault)!;

describe('fault matrix: every provider × every fault', () => {
  it('ends every search with a SearchError of a known code, never a result or an unknown failure', () => {
    expect(cells).toHaveLength(matrixRows(sim).length * SIMULATOR_FAULTS.length);
    // Every registered provider is a row, with every endpoint faulted, beside the single-endpoint scenarios.
    expect(new Set(cells.map((c) => c.row.faulted))).toEqual(
      new Set([...sim.providers, 'duckduckgo.d.js', 'duckduckgo.news.js', 'duckduckgo.vqd']),
    );
    for (const c of cells) {
      expect(SEARCH_ERROR_CODES, `${c.row.provider} × ${c.fault}: ${c.message}`).toContain(c.outcome);
      expect(c.upstreamCalls, `${c.row.provider} × ${c.fault}`).toBeGreaterThan(0);
    }
  });

  it('turns a hang into a timeout after the attempt timeout, not later', () => {
    for (const c of cells.filter((x) => x.fault === 'hang')) {
      expect(c.outcome).toBe('timeout');
      expect(c.ms).toBeLessThan(10_000);
    }
  });

  it('maps what the HTTP status says, for every provider and endpoint scenario', () => {
    // The vqd page is the exception: its 200 without a token is read as a challenge.
    const rows = [...new Set(cells.map((c) => c.row.provider))].filter(
      (p) => !p.startsWith('DuckDuckGo news (vqd'),
    );
    expect(rows.length).toBe(sim.providers.length + 2);
    for (const provider of rows) {
      expect(cell(provider, 'rate_limited').outcome, provider).toBe('rate_limited');
      expect(cell(provider, 'server_error').outcome, provider).toBe('unavailable');
      expect(cell(provider, 'reset').outcome, provider).toBe('unavailable');
      expect(cell(provider, 'malformed').outcome, provider).toBe('provider_error');
    }
  });

  it('Brave: waits as long as its rate-limit counters say; SearXNG: a refusing instance is unauthorized', () => {
    expect(cell('Brave', 'rate_limited').message).toMatch(/Request rate limit exceeded for plan/);
    expect(cell('SearXNG', 'anomaly').outcome).toBe('unauthorized');
    expect(cell('SearXNG', 'anomaly').message).toMatch(/JSON output is disabled/);
  });

  it('reads DuckDuckGo challenges as blocked on every endpoint', () => {
    for (const c of cells.filter((x) => x.row.provider.startsWith('DuckDuckGo') && x.fault === 'anomaly')) {
      expect(c.outcome, c.row.provider).toBe('blocked');
    }
  });
});
