import type { SearchClient } from '@agent-search/core';
import { webSearchTool as webSearchLayerTool } from '@agent-search/core/tool';
import type {
  AgentServerError,
  AgentServerResult,
  WebSearchOutput,
  WebSearchToolFormat,
} from '@agent-search/core/views';
import { type WebSearchInput, webSearchArgsSchema } from '@agent-search/core/web-search-schema';
import { type Tool, tool } from 'ai';
import { aiSdkTool, type PerToolCall, perCall, type ToolCallContext } from './layer-tool.ts';

/** The `web_search` arguments: core's one schema, which refuses nothing (the tool layer reads them). */
export const webSearchInputSchema = webSearchArgsSchema;
export type { WebSearchInput };

/** What `execute` gets that says who is calling, in AI SDK 6 and 7 alike. */
export type WebSearchCallContext = ToolCallContext;

export interface WebSearchToolOptions {
  /** The search client (`createSearchClient`, `loadSearchConfig(...).client`, or a cache's `wrap`). */
  client: Pick<SearchClient, 'search'>;
  /**
   * Who is asking, for per-user rate limits: a fixed id, or one read from the call's context
   * (`experimental_context` in AI SDK 6, the tool's `context` in AI SDK 7).
   */
  userId?: PerToolCall<string | undefined>;
  /** The caller's trust level 0..100, fixed or from the call's context: a stranger (below 20) gets 3 results. */
  trust?: PerToolCall<number | undefined>;
  /** Replaces the description the model reads. */
  description?: string;
  /**
   * `model` (default): the program gets `WebSearchOutput`, the model core's compact text, a failure is
   * the tool's error holding the tool layer's sentence. `agent-server`: the program and the model both get
   * the `web_search_result` envelope, and a failure is the `web_search_error` envelope as the tool's output.
   */
  format?: WebSearchToolFormat;
}

/** The `agent-server` format's output: the envelope, or its error form. */
export type WebSearchEnvelope = AgentServerResult | AgentServerError;

/**
 * `web_search` for the AI SDK: `generateText({ model, tools: { web_search: webSearchTool({ client }) } })`.
 * An adapter over the tool layer (`runWebSearchTool`): it maps the call's context to the caller and hands
 * the layer's answer to the SDK. The program gets the normalized results (`WebSearchOutput`); the model gets
 * core's compact text view through `toModelOutput`.
 */
// The return type is spelled out so the declaration names only `ai`'s public `Tool` (the same in AI SDK 6
// and 7), never a path into the SDK's own dependencies.
export function webSearchTool(
  options: WebSearchToolOptions & { format: 'agent-server' },
): Tool<WebSearchInput, WebSearchEnvelope>;
export function webSearchTool(
  options: WebSearchToolOptions & { format?: 'model' | undefined },
): Tool<WebSearchInput, WebSearchOutput>;
export function webSearchTool(
  options: WebSearchToolOptions,
): Tool<WebSearchInput, WebSearchOutput> | Tool<WebSearchInput, WebSearchEnvelope> {
  const format = options.format ?? 'model';
  const layerTool = webSearchLayerTool({ client: options.client, format });
  const description = options.description ?? layerTool.description;
  if (format === 'agent-server') {
    // The envelope is the answer either way (a failure is its `web_search_error` form), not a tool error.
    return tool<WebSearchInput, WebSearchEnvelope>({
      description,
      inputSchema: webSearchInputSchema,
      execute: async (input, callOptions) => {
        const call = callOptions as WebSearchCallContext & { abortSignal?: AbortSignal };
        const answer = await layerTool.run(input, {
          userId: perCall(options.userId, call),
          trust: perCall(options.trust, call),
          ...(call.abortSignal ? { signal: call.abortSignal } : {}),
        });
        return answer.value as WebSearchEnvelope;
      },
      toModelOutput: ({ output }) => ({ type: 'json', value: { ...output } }),
    });
  }
  // The model format: the generic adapter (the program gets WebSearchOutput, the model core's text view).
  return aiSdkTool(layerTool, {
    description,
    ...(options.userId === undefined ? {} : { userId: options.userId }),
    ...(options.trust === undefined ? {} : { trust: options.trust }),
  }) as unknown as Tool<WebSearchInput, WebSearchOutput>;
}
