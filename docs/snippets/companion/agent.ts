import { fileURLToPath } from 'node:url';
import { createSearchClient } from '@agent-search/core';
import {
  createSearchInternetTool,
  ProvenanceCollector,
  publishGroundingAfterReplies,
  SEARCH_TOOL_NAME,
  SEARCH_TOOL_RULES,
  trustTierPolicy,
} from '@agent-search/livekit-tool';
import { createSearchMemory, MemoryFindingStore, RedisFindingStore } from '@agent-search/memory';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { createTavilyProvider } from '@agent-search/provider-tavily';
import { cli, defineAgent, type JobContext, ServerOptions, voice } from '@livekit/agents';

// Once per worker process:
const client = createSearchClient({
  providers: [createDuckDuckGoProvider(), createTavilyProvider({ apiKey: process.env.TAVILY_API_KEY })],
}); // or loadSearchConfig + a cache, as apps/agent does
const memory = createSearchMemory({
  botId: 'elena',
  botName: 'Elena',
  scope: 'shared', // Dotty and the others may recall what Elena learns
  // On Redis, shared with every bot's workers; without REDIS_URL, in this process only.
  store: process.env.REDIS_URL
    ? new RedisFindingStore({ url: process.env.REDIS_URL })
    : new MemoryFindingStore(),
});

// Per session: the app knows who is calling and how much the bot trusts them.
interface Caller {
  userId: string;
  trust: number;
}

export default defineAgent({
  entry: async (ctx: JobContext) => {
    const provenance = new ProvenanceCollector();
    const tool = createSearchInternetTool<Caller>({
      client,
      memory: { memory },
      caller: (toolCtx) => ({
        policy: trustTierPolicy(toolCtx.userData.trust),
        userId: toolCtx.userData.userId,
        provenance,
      }),
    });
    const session = new voice.AgentSession<Caller>({
      stt: 'deepgram/nova-3',
      llm: 'openai/gpt-4.1-mini',
      tts: 'cartesia/sonic-2',
      userData: { userId: 'mark', trust: 72 }, // from your app's own records
    });
    publishGroundingAfterReplies(session, provenance);
    const agent = new voice.Agent<Caller>({
      instructions: `You are Elena, a warm companion. Answer in short spoken sentences.\n\n${SEARCH_TOOL_RULES}`,
      tools: { [SEARCH_TOOL_NAME]: tool },
    });
    await session.start({ agent, room: ctx.room });
    await ctx.connect();
  },
});

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  cli.runApp(new ServerOptions({ agent: fileURLToPath(import.meta.url) }));
}
