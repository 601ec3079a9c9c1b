import { fileURLToPath } from 'node:url';
import { createSearchClient } from '@agent-search/core';
import { createSearchInternetTool, SEARCH_TOOL_RULES } from '@agent-search/livekit-tool';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { cli, defineAgent, type JobContext, ServerOptions, voice } from '@livekit/agents';
import * as deepgram from '@livekit/agents-plugin-deepgram';
import * as openai from '@livekit/agents-plugin-openai';

const client = createSearchClient({ providers: [createDuckDuckGoProvider()] });

export default defineAgent({
  entry: async (ctx: JobContext) => {
    const agent = new voice.Agent({
      instructions: `You are a friendly voice assistant. Answer in short spoken sentences.\n\n${SEARCH_TOOL_RULES}`,
      tools: { search_internet: createSearchInternetTool({ client }) },
    });
    // Plugin instances where the model strings were: each calls its vendor with its own key.
    const session = new voice.AgentSession({
      stt: new deepgram.STT(), // DEEPGRAM_API_KEY
      llm: new openai.LLM({ model: 'gpt-4.1-mini' }), // OPENAI_API_KEY
      tts: new openai.TTS({ voice: 'alloy' }),
    });
    await session.start({ agent, room: ctx.room });
    await ctx.connect();
  },
});

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  cli.runApp(new ServerOptions({ agent: fileURLToPath(import.meta.url) }));
}
