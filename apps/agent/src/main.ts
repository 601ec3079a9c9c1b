import { fileURLToPath } from 'node:url';
import { ProvenanceCollector, publishGroundingAfterReplies } from '@agent-search/livekit-tool';
import {
  cli,
  defineAgent,
  type JobContext,
  type JobProcess,
  log,
  ServerOptions,
  voice,
} from '@livekit/agents';
import { createAssistant } from './assistant.ts';
import { readModelConfig } from './config.ts';
import { loadPrompt, type PromptFile } from './prompt.ts';
import { buildSearchClient, type SearchSetup } from './search.ts';
import { checkStartup } from './startup.ts';

interface ProcessData extends Record<string, unknown> {
  search: SearchSetup;
  prompt: PromptFile;
}

export default defineAgent<ProcessData>({
  // Once per process, before any job: the search client keeps provider health and caches across calls.
  prewarm: async (proc: JobProcess<ProcessData>) => {
    // The framework's pino logger: failovers, cool-downs and an unreachable Redis go to the agent's logs.
    proc.userData.search = await buildSearchClient(process.env, log().child({ component: 'agent-search' }));
    proc.userData.prompt = await loadPrompt();
  },
  entry: async (ctx: JobContext<ProcessData>) => {
    const logger = log();
    const { search, prompt } = ctx.proc.userData;
    if (search.enabled) {
      logger.info(
        { providers: search.providers.filter((p) => p.enabled).map((p) => p.id) },
        `web search on. ${search.cost ?? ''}`.trim(),
      );
    } else {
      logger.warn({ reason: search.reason, cost: search.cost }, 'web search unavailable');
    }

    const models = readModelConfig(process.env);
    const session = new voice.AgentSession({ stt: models.stt, llm: models.llm, tts: models.tts });
    // The sources of each reply's searches go to the front end on the `grounding` topic.
    const provenance = new ProvenanceCollector();
    publishGroundingAfterReplies(session, provenance);
    await session.start({ agent: createAssistant({ prompt, search, logger, provenance }), room: ctx.room });
    await ctx.connect();
    session.generateReply({ instructions: prompt.greeting });
  },
});

// Only when run as a script: job processes import this file for the agent definition above.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { error, mistyped } = checkStartup(process.env);
  for (const m of mistyped) process.stderr.write(`agent: warning: ${m.message}\n`);
  if (error) {
    process.stderr.write(`agent: configuration error: ${error.message}\n`);
    process.exit(2);
  }
  cli.runApp(new ServerOptions({ agent: fileURLToPath(import.meta.url) }));
}
