import { MockLanguageModelV3 } from 'ai/test';

// The model interface's types, as the mock model spells them.
export type CallOptions = MockLanguageModelV3['doGenerateCalls'][number];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
type ToolResultPart = Extract<CallOptions['prompt'][number]['content'][number], { type: 'tool-result' }>;

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/**
 * A model that makes `toolCall` first (when given one), then answers with `answer`; it records every call
 * it gets (what it was offered and the prompt). `provider` is the AI SDK provider id it reports.
 */
export function toolCallingModel(
  toolCall: { toolName: string; input: Record<string, unknown> } | undefined,
  { answer, provider }: { answer: string; provider?: string },
): { model: MockLanguageModelV3; calls: CallOptions[] } {
  const calls: CallOptions[] = [];
  const model = new MockLanguageModelV3({
    ...(provider ? { provider, modelId: 'mock-model' } : {}),
    doGenerate: async (options): Promise<GenerateResult> => {
      calls.push(options);
      if (toolCall && calls.length === 1) {
        return {
          content: [
            { type: 'tool-call', toolCallId: 'call-1', ...toolCall, input: JSON.stringify(toolCall.input) },
          ],
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage: USAGE,
          warnings: [],
        };
      }
      return {
        content: [{ type: 'text', text: answer }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: USAGE,
        warnings: [],
      };
    },
  });
  return { model, calls };
}

/** The tool result the model received in its second call. */
export function toolResultSent(calls: CallOptions[]): ToolResultPart['output'] {
  const message = calls[1]?.prompt.find((m) => m.role === 'tool');
  const part = message?.content.find((p) => p.type === 'tool-result');
  if (part?.type !== 'tool-result') throw new Error('the model got no tool result');
  return part.output;
}

/** A model that makes a `toolName` call for each query at once (parallel tool calls in one step), then answers. */
export function askingModel(
  toolName: string,
  queries: readonly string[],
): { model: MockLanguageModelV3; calls: CallOptions[] } {
  const calls: CallOptions[] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options): Promise<GenerateResult> => {
      calls.push(options);
      if (calls.length === 1) {
        return {
          content: queries.map((query, i) => ({
            type: 'tool-call' as const,
            toolCallId: `call-${i}`,
            toolName,
            input: JSON.stringify({ query }),
          })),
          finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
          usage: USAGE,
          warnings: [],
        };
      }
      return {
        content: [{ type: 'text', text: 'done' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: USAGE,
        warnings: [],
      };
    },
  });
  return { model, calls };
}

/** The tool results the model received in its second call, as text (JSON outputs stringified), by call id. */
export function toolResultsSent(calls: CallOptions[], count: number): string[] {
  const texts = new Map<string, string>();
  for (const message of calls[1]?.prompt ?? []) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      const { value } = part.output as { value: unknown };
      texts.set(part.toolCallId, typeof value === 'string' ? value : JSON.stringify(value));
    }
  }
  return Array.from({ length: count }, (_, i) => texts.get(`call-${i}`) ?? '');
}
