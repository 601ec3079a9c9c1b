import { WEB_SEARCH_FORMATS } from '@agent-search/core/tool';
import { createSearchMemory, MemoryFindingStore, type SearchMemory } from '@agent-search/memory';
import { describeToolContract } from '@agent-search/testing/tool-contract';
import { initializeLogger } from '@livekit/agents';
import { runToolTurn } from './harness.ts';

initializeLogger({ pretty: false, level: 'silent' });

// search_internet in every format it answers in, called by a FakeLLM in a real voice.AgentSession. A
// failure is an answer in the format's failure form, never a tool error: nothing is flagged.
describeToolContract<SearchMemory>({
  name: 'LiveKit search_internet',
  formats: WEB_SEARCH_FORMATS,
  parameters: ['query', 'mode', 'max_results', 'timelimit'],
  stringQuery: true,
  async call({ client, format, trust, memory }, args) {
    const turn = await runToolTurn<unknown>(args, {
      client,
      publisher: false,
      format,
      ...(trust === undefined ? {} : { caller: { trust } }),
      ...(memory ? { memory: { memory } } : {}),
    });
    return { text: typeof turn.output === 'string' ? turn.output : JSON.stringify(turn.output) };
  },
  memories() {
    const store = new MemoryFindingStore();
    return {
      learner: createSearchMemory({ botId: 'elena', botName: 'Elena', scope: 'shared', store }),
      asker: createSearchMemory({ botId: 'dotty', botName: 'Dotty', scope: 'shared', store }),
    };
  },
});
