import { webSearchTool } from '@agent-search/ai-sdk';
import { createSearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { createTavilyProvider } from '@agent-search/provider-tavily';
import { generateText, stepCountIs } from 'ai';

const client = createSearchClient({
  providers: [createTavilyProvider({ apiKey: process.env.TAVILY_API_KEY }), createDuckDuckGoProvider()],
});

const { text, steps } = await generateText({
  model: 'openai/gpt-4.1-mini', // through the AI Gateway (AI_GATEWAY_API_KEY); or any provider package's model
  tools: { web_search: webSearchTool({ client }) },
  stopWhen: stepCountIs(3),
  prompt: 'What changed in Node 24?',
});
console.log(text);
// The normalized results the model was shown, for citations:
for (const call of steps.flatMap((step) => step.toolResults)) {
  if (call.toolName === 'web_search' && !call.dynamic) {
    for (const { title, url } of call.output.results) console.log(`${title} (${url})`);
  }
}
