import {
  createSearchMemory,
  MemoryFindingStore,
  type SearchMemory,
  withSearchMemory,
} from '@agent-search/memory';
import { describeRecallContract, loadRecallPairs } from '@agent-search/testing/recall-contract';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { webSearchTool } from '../src/index.ts';

const DAY = 86_400_000;
const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};
type CallOptions = MockLanguageModelV3['doGenerateCalls'][number];

/** A model that asks every question at once (parallel tool calls in one step), then answers. */
function askingModel(queries: readonly string[]) {
  const calls: CallOptions[] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      calls.push(options);
      if (calls.length === 1) {
        return {
          content: queries.map((query, i) => ({
            type: 'tool-call' as const,
            toolCallId: `call-${i}`,
            toolName: 'web_search',
            input: JSON.stringify({ query }),
          })),
          finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
          usage: USAGE,
          warnings: [],
        };
      }
      return {
        content: [{ type: 'text' as const, text: 'done' }],
        finishReason: { unified: 'stop' as const, raw: 'stop' },
        usage: USAGE,
        warnings: [],
      };
    },
  });
  return { model, calls };
}

/** The tool results the model received in its second call, by call id. */
function resultsSent(calls: CallOptions[], count: number): string[] {
  const texts = new Map<string, string>();
  for (const message of calls[1]?.prompt ?? []) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result')
        texts.set(part.toolCallId, String((part.output as { value: unknown }).value));
    }
  }
  return Array.from({ length: count }, (_, i) => texts.get(`call-${i}`) ?? '');
}

// The labelled recall pairs asked through the real `ai` generateText: a mock model calls web_search for a
// batch's questions in one step, the memory a client layer in front of the search.
describeRecallContract<SearchMemory>(
  {
    name: 'AI SDK web_search',
    memory: (now) =>
      createSearchMemory({
        botId: 'elena',
        botName: 'Elena',
        store: new MemoryFindingStore(),
        retention: { maxAgeMs: 500 * DAY },
        now,
      }),
    async ask({ client, memory }, queries) {
      const { model, calls } = askingModel(queries);
      await generateText({
        model,
        tools: { web_search: webSearchTool({ client: withSearchMemory(client, { memory }) }) },
        prompt: 'look them up',
        stopWhen: stepCountIs(2),
      });
      return resultsSent(calls, queries.length);
    },
  },
  loadRecallPairs(),
);
