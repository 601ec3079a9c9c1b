import { fileURLToPath } from 'node:url';
import { createSearchClient } from '@agent-search/core';
import { createSearchInternetTool, SEARCH_TOOL_RULES } from '@agent-search/livekit-tool';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { cli, defineAgent, type JobContext, ServerOptions, voice } from '@livekit/agents';

// One client per process: it remembers which providers are failing.
const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });

export default defineAgent({
  entry: async (ctx: JobContext) => {
    const agent = new voice.Agent({
      instructions: `You are a friendly voice assistant. Answer in short spoken sentences.\n\n${SEARCH_TOOL_RULES}`,
      tools: { search_internet: createSearchInternetTool({ client }) },
    });
    const session = new voice.AgentSession({
      stt: 'deepgram/nova-3',
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
