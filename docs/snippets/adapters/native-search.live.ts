import { searchToolsFor } from '@agent-search/ai-sdk';
import { createSearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { openai } from '@ai-sdk/openai';
import { generateText, stepCountIs } from 'ai';

// Searched only when the model has no search of its own:
const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });
const model = openai('gpt-4.1-mini'); // OPENAI_API_KEY
const { tools, source } = await searchToolsFor(model, { client }); // source: 'openai'
const { text, sources } = await generateText({
  model,
  tools,
  stopWhen: stepCountIs(3),
  prompt: 'What changed in Node 24?',
});
console.log(source, text, sources);
