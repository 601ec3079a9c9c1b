import { aiSdkTools, webSearchTool } from '@agent-search/ai-sdk';
import { createSearchClient } from '@agent-search/core';
import { LEGAL_TOOL_RULES, legalTools, withLegalProfiles } from '@agent-search/legal-cn';
import { createTavilyProvider } from '@agent-search/provider-tavily';
import { generateText, stepCountIs } from 'ai';

const client = createSearchClient({
  providers: [createTavilyProvider({ apiKey: process.env.TAVILY_API_KEY })],
  profiles: withLegalProfiles(), // the sites regulation_search and case_search search
});
const { text } = await generateText({
  model: 'openai/gpt-4.1-mini',
  system: LEGAL_TOOL_RULES,
  // regulation_search and case_search: legal-cn's layer tools, through the AI SDK adapter.
  tools: { web_search: webSearchTool({ client }), ...aiSdkTools(legalTools({ client })) },
  stopWhen: stepCountIs(5),
  prompt: '消费者权益保护法第五十五条怎么规定的？',
});
console.log(text);
