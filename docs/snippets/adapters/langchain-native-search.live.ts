import { createSearchClient } from '@agent-search/core';
import { searchToolsFor } from '@agent-search/langchain';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { ChatOpenAI } from '@langchain/openai';

// Searched only when the model has no search of its own:
const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });
const model = new ChatOpenAI({ model: 'gpt-4.1-mini' }); // OPENAI_API_KEY
const { tools, source } = await searchToolsFor(model, { client }); // source: 'openai'
// One request to OpenAI, web_search inside it (sent through the Responses API); the answer cites its pages.
const answer = await model.bindTools(tools).invoke('What changed in Node 24?');
console.log(source, answer.text);
