import { createSearchClient } from '@agent-search/core';
import { searchToolsFor } from '@agent-search/livekit-tool';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { voice } from '@livekit/agents';
import * as google from '@livekit/agents-plugin-google';

// Searched only when the model cannot search itself:
const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });
const model = new google.LLM({ model: 'gemini-3-flash-preview' }); // GOOGLE_API_KEY
const found = await searchToolsFor(model, { client }); // found.source: 'google' or 'agent-search'
// A list: a provider tool cannot go in the name-keyed object form of `tools`. Add your own after it.
const agent = new voice.Agent({ instructions: 'You are a helpful voice assistant.', tools: [...found.tools] });
console.log(found.source, agent.toolCtx.providerTools.length);
