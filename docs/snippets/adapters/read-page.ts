import { readPageTool, webSearchTool } from '@agent-search/ai-sdk'; // or '@agent-search/langchain'
import { createSearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { readPage } from '@agent-search/reader';
import { generateText, stepCountIs } from 'ai';

const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });
const { text } = await generateText({
  model: 'openai/gpt-4.1-mini',
  tools: { web_search: webSearchTool({ client }), read_page: readPageTool({ read: readPage }) },
  stopWhen: stepCountIs(5),
  prompt: 'What does the Node 24 release post say about require(esm)?',
});
console.log(text);
