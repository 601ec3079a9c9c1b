import { createSearchMemory, MemoryFindingStore, type SearchMemory } from '@agent-search/memory';
import { describeToolContract } from '@agent-search/testing/tool-contract';
import { initializeLogger } from '@livekit/agents';
import { runToolTurn } from './harness.ts';

initializeLogger({ pretty: false, level: 'silent' });

// search_internet in the `model` format, called by a FakeLLM in a real voice.AgentSession.
describeToolContract<SearchMemory>({
  name: 'LiveKit search_internet',
  parameters: ['query', 'mode', 'max_results', 'timelimit'],
  stringQuery: true,
  async call({ client, trust, memory }, args) {
    const turn = await runToolTurn<string>(args, {
      client,
      publisher: false,
      format: 'model',
      ...(trust === undefined ? {} : { caller: { trust } }),
      ...(memory ? { memory: { memory } } : {}),
    });
    return { text: turn.output };
  },
  memories() {
    const store = new MemoryFindingStore();
    return {
      learner: createSearchMemory({ botId: 'elena', botName: 'Elena', scope: 'shared', store }),
      asker: createSearchMemory({ botId: 'dotty', botName: 'Dotty', scope: 'shared', store }),
    };
  },
});
