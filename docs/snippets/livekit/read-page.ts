import { createCacheFromEnv, withPageCache } from '@agent-search/cache';
import { createSearchClient } from '@agent-search/core';
import { createSearchInternetTool, SEARCH_TOOL_NAME } from '@agent-search/livekit-tool';
import { createReadPageTool, READ_PAGE_TOOL_NAME } from '@agent-search/livekit-tool/reader';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { readPage } from '@agent-search/reader';

const cache = createCacheFromEnv(process.env);
const client = cache.wrap(createSearchClient({ providers: [createDuckDuckGoProvider()] }));
// For voice.Agent({ tools }), with READ_PAGE_TOOL_RULES in its instructions.
export const tools = {
  [SEARCH_TOOL_NAME]: createSearchInternetTool({ client }),
  [READ_PAGE_TOOL_NAME]: createReadPageTool({ read: withPageCache(readPage, { store: cache.store }) }),
};
