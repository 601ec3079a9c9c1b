import { createSearchClient } from '@agent-search/core';
import { createSearchInternetTool, SEARCH_TOOL_NAME } from '@agent-search/livekit-tool';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';

const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });
// For voice.Agent({ tools }): numbered results with site and date, no URLs, so the model cites [n].
export const tools = { [SEARCH_TOOL_NAME]: createSearchInternetTool({ client, format: 'model' }) };
