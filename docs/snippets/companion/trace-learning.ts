import { createTraceLog, MemoryFindingStore, type TraceStore } from '@agent-search/memory';

/** What Elena learned about routing: the counts behind it, and a hint per kind of question. */
export async function routingAdvice(store: TraceStore) {
  const traces = createTraceLog({ botId: 'elena', store });
  // The app reports how an answer went down, when it knows.
  await traces.satisfied('what is a heat pump', true);
  const counts = await traces.counts({ allBots: true }); // every bot's, on a shared store
  const hints = await Promise.all(['current-events', 'definition'].map((kind) => traces.hint(kind)));
  return { counts, hints: hints.map((h) => h.text) }; // ["current-events: memory first", "definition: memory first"]
}

// On a fresh in-process store (a RedisFindingStore keeps them across restarts and bots):
console.log(await routingAdvice(new MemoryFindingStore()));
