import { describe, expect, it } from 'vitest';
import { createHttpTestProvider } from '../../testing/src/index.ts';
import { createSearchClient, type SearchClient } from './client.ts';
import type { SearchResponse } from './response.ts';
import { wrapSearchClient } from './wrap-client.ts';

const inner = () =>
  createSearchClient({
    providers: [createHttpTestProvider({ id: 'alpha', url: 'https://alpha.test/search' })],
    timeoutMs: 4_321,
    initialHedgeUsage: { searches: 7, hedges: 1 },
  });

describe('wrapSearchClient', () => {
  it('forwards every member it does not override, optional ones included', async () => {
    const client = inner();
    const wrapped = wrapSearchClient(client, {});
    expect(wrapped.providers).toBe(client.providers);
    expect(wrapped.profiles).toBe(client.profiles);
    expect(wrapped.timeoutMs).toBe(4_321);
    expect(wrapped.health()).toEqual(client.health());
    expect(wrapped.hedgeUsage?.()).toEqual(client.hedgeUsage?.());
    expect(wrapped.hedgeUsage?.()).toMatchObject({ searches: 7 });
    await expect(wrapped.flush?.(10)).resolves.toBeUndefined();
    expect(wrapped.normalize({ query: ' heat  pumps ' })).toEqual(
      client.normalize({ query: ' heat  pumps ' }),
    );
    expect(() => wrapped.normalize({ query: '' })).toThrow(/query/);
  });

  it('uses the overrides instead, and the inner client for the rest', async () => {
    const client = inner();
    const answer = { query: 'x', results: [] } as unknown as SearchResponse;
    const wrapped = wrapSearchClient(client, { search: async () => answer, timeoutMs: 99 });
    await expect(wrapped.search({ query: 'x' })).resolves.toBe(answer);
    expect(wrapped.timeoutMs).toBe(99);
    expect(wrapped.providers.map((p) => p.id)).toEqual(['alpha']);
  });

  it('leaves out optional methods the inner client lacks, and reads values when used', () => {
    const client = inner();
    let timeoutMs = 1_000;
    const bare: SearchClient = {
      search: client.search,
      normalize: client.normalize,
      health: client.health,
      providers: client.providers,
      profiles: client.profiles,
      get timeoutMs() {
        return timeoutMs;
      },
    };
    const wrapped = wrapSearchClient(wrapSearchClient(bare, {}), {});
    expect('hedgeUsage' in wrapped).toBe(false);
    expect('flush' in wrapped).toBe(false);
    timeoutMs = 2_000;
    expect(wrapped.timeoutMs).toBe(2_000);
  });
});
