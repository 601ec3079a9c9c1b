import { kit as duckDuckGo } from '@agent-search/provider-duckduckgo/testing';
import { useProviderSimulator } from '@agent-search/testing/simulator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSearchMemory, MemoryFindingStore } from '../src/index.ts';
import { astanaPages, startLoopbackSearch } from './support/loopback-search.ts';

// docs/companion.md's examples are the files under docs/snippets/companion/ (the docs check keeps the page
// equal to them): these tests import those files, so what the page shows is what is tested. Each file ends
// with a run of its function on DuckDuckGo, which runs on import; its requests go to the provider
// simulator here, as they do in the docs check, and what the run prints is checked too.
const simulator = useProviderSimulator([duckDuckGo]);
const realFetch = globalThis.fetch;

/**
 * A companion snippet, imported (so run) with DuckDuckGo's hosts answered by the simulator: its exports,
 * and the lines its run printed.
 */
async function runSnippet<T>(load: () => Promise<T>): Promise<{ snippet: T; printed: string[] }> {
  const sim = simulator();
  const printed: string[] = [];
  vi.stubGlobal('fetch', (input: Request | string | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return url.hostname.endsWith('duckduckgo.com') ? sim.fetch(input, init) : realFetch(input, init);
  });
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  });
  try {
    return { snippet: await load(), printed };
  } finally {
    log.mockRestore();
    vi.unstubAllGlobals();
  }
}

let upstream: Awaited<ReturnType<typeof startLoopbackSearch>>;
beforeAll(async () => {
  upstream = await startLoopbackSearch(() => astanaPages());
});
afterAll(() => upstream.close());

describe('docs/companion.md examples', () => {
  it('the memory layer: a friend teaches Elena, a stranger does not; the layer records traces', async () => {
    const layer = await runSnippet(() => import('../../../docs/snippets/companion/memory-layer.ts'));
    // The page's run: Mark's search reaches DuckDuckGo's HTML endpoint (d.js may take over when it is slow)
    // and is kept; the stranger's is answered from memory.
    expect(simulator().calls('duckduckgo.html')).toBe(1);
    const [answer, ...results] = layer.printed;
    expect(answer).toMatch(/^memory Elena learned this on \d{4}-\d\d-\d\d from \S/);
    expect(results.length).toBeGreaterThan(0);
    for (const line of results) expect(line).toMatch(/^\S.* \(https:\/\/\S+\)$/);
    const tracing = await runSnippet(() => import('../../../docs/snippets/companion/trace-learning.ts'));
    expect(tracing.printed).toHaveLength(1);
    expect(JSON.parse(tracing.printed[0]!)).toMatchObject({
      counts: { definition: { satisfied: 1 } },
      hints: ['current-events: memory first', 'definition: memory first'],
    });
    const { elenasClient } = layer.snippet;
    const { routingAdvice } = tracing.snippet;

    const store = new MemoryFindingStore();
    const client = elenasClient(upstream.client(), store, (userId) => (userId === 'mark' ? 50 : 5));
    const before = upstream.queries.length;
    await client.search({ query: 'capital of Kazakhstan' }, { userId: 'stranger' });
    await client.search({ query: 'capital of Kazakhstan' }, { userId: 'stranger' });
    expect(upstream.queries.length - before).toBe(2);
    await client.search({ query: 'capital of Kazakhstan' }, { userId: 'mark' });
    const recalled = await client.search({ query: 'capital of Kazakhstan' }, { userId: 'stranger' });
    expect(upstream.queries.length - before).toBe(3);
    expect(recalled.learned?.botName).toBe('Elena');

    const { counts, hints } = await routingAdvice(store);
    expect(counts.factual).toMatchObject({ web: 3, memory: 1 });
    expect(hints).toEqual(['current-events: memory first', 'definition: memory first']);
  });

  it('facts: the sure one is kept with its source, the unsure one is not', async () => {
    const facts = await runSnippet(() => import('../../../docs/snippets/companion/facts.ts'));
    expect(facts.printed).toEqual([
      expect.stringMatching(
        /^Astana has been the capital of Kazakhstan since 1997\. https:\/\/en\.wikipedia\.org\/wiki\/Astana Elena learned this on \S+ from en\.wikipedia\.org$/,
      ),
    ]);
    const { keepFacts } = facts.snippet;
    const memory = createSearchMemory({ botId: 'elena', botName: 'Elena' });
    const fact = await keepFacts(memory);
    expect(fact).toMatchObject({
      text: 'Astana has been the capital of Kazakhstan since 1997.',
      origin: 'web',
      sources: [{ url: 'https://en.wikipedia.org/wiki/Astana' }],
    });
    expect(await memory.recallFacts('coldest capital')).toEqual([]);
  });

  it('curiosity: a theme, a search, an observation stored and recalled later', async () => {
    const curiosity = await runSnippet(() => import('../../../docs/snippets/companion/curiosity.ts'));
    // The page's run: one DuckDuckGo search per theme (its HTML endpoint), each kept as an observation.
    expect(simulator().calls('duckduckgo.html')).toBe(2);
    expect(curiosity.printed).toHaveLength(1);
    expect(JSON.parse(curiosity.printed[0]!)).toEqual([
      expect.stringMatching(/^jazz history: \S/),
      expect.stringMatching(/^heat pumps: \S/),
    ]);
    const { curiosityPass } = curiosity.snippet;
    const memory = createSearchMemory({ botId: 'elena', botName: 'Elena' });
    const observations = await curiosityPass(['capital of Kazakhstan'], upstream.client(), memory);
    expect(observations).toEqual(['capital of Kazakhstan: Astana - Wikipedia']);
    const [later] = await memory.recall('what is the capital of Kazakhstan');
    expect(later!.note).toMatch(/^Elena learned this on /);
    const stopped = new AbortController();
    stopped.abort();
    expect(await curiosityPass(['jazz'], upstream.client(), memory, stopped.signal)).toEqual([]);
  });
});
