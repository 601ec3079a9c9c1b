import type { LayerTool } from '@agent-search/core/tool';
import { toolArgsSchema } from '@agent-search/core/web-search-schema';
import { type Tool, tool } from 'ai';
import { ToolFailure } from './tool-failure.ts';

/** What `execute` gets that says who is calling, in AI SDK 6 and 7 alike. */
export interface ToolCallContext {
  toolCallId: string;
  /** AI SDK 6's name for the caller's context. */
  experimental_context?: unknown;
  /** AI SDK 7's name for it. */
  context?: unknown;
}

/** A fixed value, or one read from each call's context. */
export type PerToolCall<T> = T | ((call: ToolCallContext) => T);

export function perCall<T>(value: PerToolCall<T> | undefined, call: ToolCallContext): T | undefined {
  return typeof value === 'function' ? (value as (call: ToolCallContext) => T)(call) : value;
}

export interface AiSdkToolOptions {
  /** Who is asking, for per-user rate limits: fixed, or read from the call's context. */
  userId?: PerToolCall<string | undefined>;
  /** The caller's trust level 0..100, fixed or from the call's context, for tools that read it. */
  trust?: PerToolCall<number | undefined>;
  /** Replaces the description the model reads. */
  description?: string;
}

/**
 * The one adapter from a layer tool (`@agent-search/core/tool`: `read_page`, the legal tools, ...) to an
 * AI SDK tool: `tools: { [tool.name]: aiSdkTool(tool) }`. Its arguments are the tool's schema, which
 * refuses nothing, so the tool's own reading decides. The program gets the tool's output; the model reads
 * the tool's text (through `toModelOutput`; a JSON format's text is its value's JSON); a failure is the SDK's
 * tool error holding the tool's failure text (a sentence, or the format's failure JSON).
 */
export function aiSdkTool(
  layerTool: LayerTool,
  options: AiSdkToolOptions = {},
): Tool<Record<string, unknown>, object> {
  // The text the model reads, by the output it goes with: the SDK hands `toModelOutput` the very object
  // `execute` returned. An output it never saw (a chat history's) is rendered again by the tool.
  const texts = new WeakMap<object, string>();
  return tool<Record<string, unknown>, object>({
    description: options.description ?? layerTool.description,
    inputSchema: toolArgsSchema(layerTool.parameters),
    execute: async (input, callOptions) => {
      const call = callOptions as ToolCallContext & { abortSignal?: AbortSignal };
      const answer = await layerTool.run(input, {
        userId: perCall(options.userId, call),
        trust: perCall(options.trust, call),
        ...(call.abortSignal ? { signal: call.abortSignal } : {}),
      });
      // The SDK hands a thrown error's message to the model as the tool's error: the tool's sentence.
      if (answer.isError) throw new ToolFailure(answer.text);
      texts.set(answer.output, answer.text);
      return answer.output;
    },
    toModelOutput: ({ output }) => ({
      type: 'text',
      value: texts.get(output) ?? layerTool.textOf?.(output) ?? JSON.stringify(output),
    }),
  });
}

/** Several layer tools, keyed by their names, as `generateText`'s `tools` takes them. */
export function aiSdkTools(
  tools: readonly LayerTool[],
  options: AiSdkToolOptions = {},
): Record<string, Tool<Record<string, unknown>, object>> {
  return Object.fromEntries(tools.map((t) => [t.name, aiSdkTool(t, options)]));
}
