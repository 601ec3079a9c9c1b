import { createSearchClient } from '@agent-search/core';
import { createSearchInternetTool, SEARCH_TOOL_NAME } from '@agent-search/livekit-tool';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';

interface UserData {
  trust?: number; // set by your app, e.g. from the user's account
}

const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });
export const tools = {
  [SEARCH_TOOL_NAME]: createSearchInternetTool<UserData>({
    client,
    // The trust tiers (docs/companion.md): a stranger (below 20) gets at most 3 results.
    caller: (ctx) => ({ trust: ctx.userData.trust ?? 0 }),
  }),
};
