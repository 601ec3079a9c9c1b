import { WEB_SEARCH_FORMATS } from '@agent-search/core/tool';
import { withSearchMemory } from '@agent-search/memory';
import { recallContractMemory } from '@agent-search/memory/testing';
import { describeRecallContract, loadRecallPairs } from '@agent-search/testing/recall-contract';
import type { ToolMessage } from '@langchain/core/messages';
import { webSearchTool } from '../src/index.ts';

/** Each query as LangChain invokes a model's tool call (a ToolCall in, a ToolMessage out): its content. */
async function invokeEach(tool: { invoke(call: unknown): Promise<unknown> }, queries: readonly string[]) {
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
}

// The labelled recall pairs asked as LangChain invokes a model's tool calls, in every format LangChain's own
// web_search answers in, the memory a client layer in front of the search.
describeRecallContract(
  {
    name: 'LangChain web_search',
    formats: WEB_SEARCH_FORMATS,
    memory: recallContractMemory,
    ask: ({ client, memory, format }, queries) =>
      invokeEach(webSearchTool({ client: withSearchMemory(client, { memory }), format }), queries),
  },
  loadRecallPairs(),
);
