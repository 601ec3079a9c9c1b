import { createSearchMemory, MemoryFindingStore, type SearchMemory } from '@agent-search/memory';
import { describeRecallContract, loadRecallPairs } from '@agent-search/testing/recall-contract';
import { initializeLogger, voice } from '@livekit/agents';
import { createSearchInternetTool, SEARCH_TOOL_NAME } from '../src/index.ts';

initializeLogger({ pretty: false, level: 'silent' });

const DAY = 86_400_000;

// The labelled recall pairs asked in a real voice.AgentSession: a FakeLLM calls search_internet (`model`
// format) once a user turn, a batch's questions one turn after another in one session, the memory the
// tool's own hook.
describeRecallContract<SearchMemory>(
  {
    name: 'LiveKit search_internet',
    memory: (now) =>
      createSearchMemory({
        botId: 'elena',
        botName: 'Elena',
        store: new MemoryFindingStore(),
        retention: { maxAgeMs: 500 * DAY },
        now,
      }),
    async ask({ client, memory }, queries) {
      const turns = queries.map((query, i) => ({
        input: `question ${i}`,
        toolCalls: [{ name: SEARCH_TOOL_NAME, args: { query } }],
      }));
      const session = new voice.AgentSession({
        llm: new voice.testing.FakeLLM(turns),
        vad: null,
        turnHandling: { turnDetection: null },
      });
      const tool = createSearchInternetTool({
        client,
        publisher: false,
        format: 'model',
        memory: { memory },
      });
      await session.start({
        agent: new voice.Agent({
          instructions: 'You are a test agent.',
          tools: { [SEARCH_TOOL_NAME]: tool },
        }),
      });
      try {
        const texts: string[] = [];
        for (const turn of turns) {
          const run = await session.run({ userInput: turn.input }).wait();
          const outputs = run.events.filter(voice.testing.isFunctionCallOutputEvent);
          if (outputs.length !== 1) throw new Error(`expected one tool output, got ${outputs.length}`);
          texts.push(JSON.parse(outputs[0]!.item.output) as string);
        }
        return texts;
      } finally {
        await session.close();
      }
    },
  },
  loadRecallPairs(),
);
