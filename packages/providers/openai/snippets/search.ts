import { createSearchClient } from '@agent-search/core';
import { createOpenAIProvider } from '@agent-search/provider-openai';

const client = createSearchClient({
  providers: [createOpenAIProvider({ apiKey: process.env.OPENAI_API_KEY })],
  // A model's search takes seconds, not milliseconds.
  attemptTimeoutMs: 15_000,
  timeoutMs: 20_000,
});
const { results, answer } = await client.search({ query: 'ECB rate decision', mode: 'news' });
console.log(answer); // the model's own summary, when it wrote one
for (const { title, url } of results) console.log(`${title} (${url})`);
