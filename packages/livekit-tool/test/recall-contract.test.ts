import { WEB_SEARCH_FORMATS } from '@agent-search/core/tool';
import { recallContractMemory } from '@agent-search/memory/testing';
import { describeRecallContract, loadRecallPairs } from '@agent-search/testing/recall-contract';
import { initializeLogger, voice } from '@livekit/agents';
import { createSearchInternetTool, SEARCH_TOOL_NAME } from '../src/index.ts';

initializeLogger({ pretty: false, level: 'silent' });

/** Questions a turn's tool calls ask at once (the FakeLLM's parallel calls). */
const CALLS_PER_TURN = 10;

// The labelled recall pairs asked in a real voice.AgentSession, in every format search_internet answers in:
// a FakeLLM calls search_internet for up to 10 of a batch's questions a user turn (parallel tool calls), the
// turns one after another in one session, the memory the tool's own hook.
describeRecallContract(
  {
    name: 'LiveKit search_internet',
    formats: WEB_SEARCH_FORMATS,
    memory: recallContractMemory,
    async ask({ client, memory, format }, queries) {
      const turns: { input: string; toolCalls: { name: string; args: { query: string } }[] }[] = [];
      for (let i = 0; i < queries.length; i += CALLS_PER_TURN) {
        turns.push({
          input: `questions ${i}`,
          toolCalls: queries
            .slice(i, i + CALLS_PER_TURN)
            .map((query) => ({ name: SEARCH_TOOL_NAME, args: { query } })),
        });
      }
      const session = new voice.AgentSession({
        llm: new voice.testing.FakeLLM(turns),
        vad: null,
        turnHandling: { turnDetection: null },
      });
      const tool = createSearchInternetTool({ client, publisher: false, format, memory: { memory } });
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
          if (outputs.length !== turn.toolCalls.length) {
            throw new Error(`expected ${turn.toolCalls.length} tool outputs, got ${outputs.length}`);
          }
          // The FakeLLM numbers a turn's calls fake_call_0, fake_call_1, …: each output back in its call's place.
          const byCall = new Map(outputs.map((o) => [o.item.callId, JSON.parse(o.item.output) as unknown]));
          turn.toolCalls.forEach((_, n) => {
            const output = byCall.get(`fake_call_${n}`);
            texts.push(typeof output === 'string' ? output : JSON.stringify(output));
          });
        }
        return texts;
      } finally {
        await session.close();
      }
    },
  },
  loadRecallPairs(),
);
