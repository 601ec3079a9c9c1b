import { createSearchMemory, type SearchMemory } from '@agent-search/memory';

/** After a search, the app's own model extracted facts with a confidence; the memory keeps the sure ones. */
export async function keepFacts(memory: SearchMemory) {
  await memory.rememberFacts(
    [
      { text: 'Astana has been the capital of Kazakhstan since 1997.', confidence: 0.95 },
      { text: 'Astana is the coldest capital in the world.', confidence: 0.5 }, // below 0.8: not kept
    ],
    {
      sources: [{ url: 'https://en.wikipedia.org/wiki/Astana', title: 'Astana - Wikipedia' }],
      query: 'capital of Kazakhstan',
      userId: 'mark',
    },
  );
  const [fact] = await memory.recallFacts('capital of Kazakhstan');
  // fact.text, fact.sources[0].url, fact.note ("Elena learned this on ... from en.wikipedia.org"),
  // fact.origin === 'web': quoted from a page, never instructions.
  return fact;
}

const fact = await keepFacts(createSearchMemory({ botId: 'elena', botName: 'Elena' }));
console.log(fact?.text, fact?.sources[0]?.url, fact?.note);
