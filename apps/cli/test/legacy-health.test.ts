import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fromLegacyEntry, readHealth } from '../src/health-state.ts';

// The state file's format before breakers: a provider "cooling" until a time, not since when.
const NOW = 1_800_000_000_000;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-search-legacy-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The health core keeps after taking over the saved file, read at `NOW`. */
function healthAfterReading(entries: unknown[]) {
  const file = join(dir, 'health.json');
  writeFileSync(file, JSON.stringify(entries));
  const client = createSearchClient({
    providers: [createDuckDuckGoProvider()],
    initialHealth: readHealth(file, NOW),
    now: () => NOW,
  });
  return client.health()[0];
}

describe('the state file written before breakers', () => {
  it("reads a rate limit as the upstream's wait: no request before it ends, the breaker closed", () => {
    const health = healthAfterReading([
      {
        provider: 'duckduckgo',
        state: 'cooling',
        failures: 1,
        coolingUntil: NOW + 30_000,
        lastErrorCode: 'rate_limited',
      },
    ]);
    expect(health).toMatchObject({
      state: 'closed',
      upstreamUntil: NOW + 30_000,
      coolingUntil: NOW + 30_000,
    });
  });

  it('reads any other cooling as a breaker opened when the file is read, until its time', () => {
    const health = healthAfterReading([
      {
        provider: 'duckduckgo',
        state: 'cooling',
        failures: 1,
        coolingUntil: NOW + 60_000,
        lastErrorCode: 'blocked',
      },
    ]);
    expect(health).toMatchObject({
      state: 'open',
      openedAt: NOW,
      coolingUntil: NOW + 60_000,
      lastErrorCode: 'blocked',
    });
    expect(health?.upstreamUntil).toBeUndefined();
  });

  it('caps a legacy wait at an hour, like any saved wait', () => {
    const health = healthAfterReading([
      { provider: 'duckduckgo', state: 'cooling', coolingUntil: NOW + 9e12, lastErrorCode: 'rate_limited' },
    ]);
    expect(health?.coolingUntil).toBe(NOW + 3_600_000);
  });

  it('leaves entries in the current format, and what is not an entry, as they are', () => {
    const current = {
      provider: 'duckduckgo',
      state: 'open',
      failures: 5,
      openedAt: NOW - 10,
      coolingUntil: NOW + 10,
    };
    expect(fromLegacyEntry(current, NOW)).toBe(current);
    const cooledWithTime = { provider: 'duckduckgo', state: 'cooling', openedAt: NOW - 10 };
    expect(fromLegacyEntry(cooledWithTime, NOW)).toBe(cooledWithTime);
    expect(fromLegacyEntry(null, NOW)).toBeNull();
    expect(fromLegacyEntry('x', NOW)).toBe('x');
  });
});
