// Before: import { DuckDuckGoSearch } from '@langchain/community/tools/duckduckgo_search';
//         const search = new DuckDuckGoSearch({ maxResults: 5 });
import { createSearchClient } from '@agent-search/core';
import { webSearchTool } from '@agent-search/langchain';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';

const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });
const search = webSearchTool({ client });
// Give it to any chat model that calls tools: chatModel.bindTools([search]). A tool call the model makes:
const message = await search.invoke({
  type: 'tool_call',
  id: 'call-1',
  name: 'web_search',
  args: { query: 'Node 24' },
});
// message: a ToolMessage. message.content: the model text; message.artifact: WebSearchOutput, or { error, code }.
console.log(message.content);
