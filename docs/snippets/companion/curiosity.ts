import { createSearchClient, type SearchClient } from '@agent-search/core';
import { createSearchMemory, type SearchMemory } from '@agent-search/memory';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';

/**
 * A background "curiosity" pass: for each theme the bot cares about, one search, and what it found kept as
 * an observation the bot can bring up later ("I was reading about ..."). Run it from a timer between
 * conversations; nothing here runs by itself.
 */
export async function curiosityPass(
  themes: readonly string[],
  client: SearchClient,
  memory: SearchMemory,
  signal?: AbortSignal,
): Promise<string[]> {
  const observations: string[] = [];
  for (const theme of themes) {
    if (signal?.aborted) break;
    try {
      const response = await client.search({ query: theme, maxResults: 3 }, signal ? { signal } : {});
      const finding = await memory.remember({
        query: theme,
        results: response.results,
        provider: response.provider,
      });
      if (finding) observations.push(`${theme}: ${finding.sources[0]!.title}`);
    } catch {
      // A failed search costs only this theme; the next pass tries again.
    }
  }
  return observations;
}

// Every six hours, unless the worker is stopping:
//   const timer = setInterval(() => curiosityPass(['jazz history', 'heat pumps'], client, memory), 6 * 3_600_000);
//   timer.unref();

// Once, now:
const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });
const memory = createSearchMemory({ botId: 'elena', botName: 'Elena' });
console.log(await curiosityPass(['jazz history', 'heat pumps'], client, memory));
