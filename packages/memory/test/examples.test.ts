import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchMemory, MemoryFindingStore } from '../src/index.ts';
import { curiosityPass } from './examples/curiosity.ts';
import { keepFacts } from './examples/facts.ts';
import { elenasClient } from './examples/memory-layer.ts';
import { routingAdvice } from './examples/trace-learning.ts';
import { astanaPages, startLoopbackSearch } from './support/loopback-search.ts';

// docs/companion.md shows each of these functions as it is (its snippet adds imports and a run of it, which
// the docs check runs from the page's install line), so what the page shows is what is tested here.
const docs = readFileSync(new URL('../../../docs/companion.md', import.meta.url), 'utf8');
const example = (name: string) => {
  const text = readFileSync(new URL(`./examples/${name}`, import.meta.url), 'utf8');
  return text.slice(text.indexOf('\n/**') + 1).trim();
};

let upstream: Awaited<ReturnType<typeof startLoopbackSearch>>;
beforeAll(async () => {
  upstream = await startLoopbackSearch(() => astanaPages());
});
afterAll(() => upstream.close());

describe('docs/companion.md examples', () => {
  it.each(['memory-layer.ts', 'trace-learning.ts', 'facts.ts', 'curiosity.ts'])(
    'shows %s as it is',
    (name) => {
      expect(docs).toContain(example(name));
    },
  );

  it('the memory layer: a friend teaches Elena, a stranger does not; the layer records traces', async () => {
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
    expect(hints).toEqual(['current-events: search first', 'definition: memory first']);
  });

  it('facts: the sure one is kept with its source, the unsure one is not', async () => {
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
