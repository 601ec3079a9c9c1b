import {
  createSearchMemory,
  MemoryFindingStore,
  type SearchMemory,
  withSearchMemory,
} from '@agent-search/memory';
import { describeRecallContract, loadRecallPairs } from '@agent-search/testing/recall-contract';
import type { ToolMessage } from '@langchain/core/messages';
import { webSearchTool } from '../src/index.ts';

const DAY = 86_400_000;

// The labelled recall pairs asked as LangChain invokes a model's tool calls (a ToolCall in, a ToolMessage
// out), the memory a client layer in front of the search.
describeRecallContract<SearchMemory>(
  {
    name: 'LangChain web_search',
    memory: (now) =>
      createSearchMemory({
        botId: 'elena',
        botName: 'Elena',
        store: new MemoryFindingStore(),
        retention: { maxAgeMs: 500 * DAY },
        now,
      }),
    async ask({ client, memory }, queries) {
      const tool = webSearchTool({ client: withSearchMemory(client, { memory }) });
      const messages = await Promise.all(
        queries.map(
          (query, i) =>
            tool.invoke({
              id: `call-${i}`,
              name: 'web_search',
              args: { query },
              type: 'tool_call',
            }) as Promise<ToolMessage>,
        ),
      );
      return messages.map((m) => String(m.content));
    },
  },
  loadRecallPairs(),
);
