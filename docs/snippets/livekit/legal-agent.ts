import { fileURLToPath } from 'node:url';
import { createSearchClient } from '@agent-search/core';
import { LEGAL_TOOL_RULES, legalTools, withLegalProfiles } from '@agent-search/legal-cn';
import {
  createSearchInternetTool,
  liveKitTools,
  SEARCH_TOOL_NAME,
  SEARCH_TOOL_RULES,
} from '@agent-search/livekit-tool';
import { createTavilyProvider } from '@agent-search/provider-tavily';
import { cli, defineAgent, type JobContext, ServerOptions, voice } from '@livekit/agents';

const client = createSearchClient({
  providers: [createTavilyProvider({ apiKey: process.env.TAVILY_API_KEY })],
  profiles: withLegalProfiles(), // legal-cn's `regulation` and `case` profiles, which the legal tools search
});

export default defineAgent({
  entry: async (ctx: JobContext) => {
    const agent = new voice.Agent({
      instructions: `你是一名法律信息助手，用简短的口语回答。\n\n${SEARCH_TOOL_RULES}\n\n${LEGAL_TOOL_RULES}`,
      tools: {
        [SEARCH_TOOL_NAME]: createSearchInternetTool({ client }),
        // regulation_search and case_search: legal-cn's layer tools, through the LiveKit adapter.
        ...liveKitTools(legalTools({ client })),
      },
    });
    const session = new voice.AgentSession({
      stt: 'deepgram/nova-2:zh', // a model:language string; Nova-2 transcribes Mandarin
      llm: 'openai/gpt-4.1-mini',
      tts: 'cartesia/sonic-2',
    });
    await session.start({ agent, room: ctx.room });
    await ctx.connect();
  },
});

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  cli.runApp(new ServerOptions({ agent: fileURLToPath(import.meta.url) }));
}
