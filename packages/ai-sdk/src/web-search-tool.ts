import type { SearchClient } from '@agent-search/core';
import { type WebSearchFormat, webSearchTool as webSearchLayerTool } from '@agent-search/core/tool';
import type { AgentServerResult, WebSearchOutput } from '@agent-search/core/views';
import { type WebSearchInput, webSearchArgsSchema } from '@agent-search/core/web-search-schema';
import type { Tool } from 'ai';
import { aiSdkTool, type PerToolCall, type ToolCallContext } from './layer-tool.ts';

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
   * Any format the tool layer renders. `model` (default): the program gets `WebSearchOutput`, the model
   * core's compact text; `xml` the same with the XML view as text. A JSON format (`agent-server`, `results`,
   * `structured`, `sources`, `json`): its value is the program's output and the model's JSON. A failure is
   * the SDK's tool error holding the format's failure form (the sentence, or its JSON: the
   * `web_search_error` envelope for `agent-server`).
   */
  format?: WebSearchFormat;
}

/**
 * `web_search` for the AI SDK: `generateText({ model, tools: { web_search: webSearchTool({ client }) } })`.
 * Core's `web_search` layer tool through the one generic adapter (`aiSdkTool`), with this package's
 * defaults: the `model` format, the caller (`userId`, `trust`) read from each call's context.
 */
// The return type is spelled out so the declaration names only `ai`'s public `Tool` (the same in AI SDK 6
// and 7), never a path into the SDK's own dependencies.
export function webSearchTool(
  options: WebSearchToolOptions & { format: 'agent-server' },
): Tool<WebSearchInput, AgentServerResult>;
export function webSearchTool(
  options: WebSearchToolOptions & { format?: 'model' | 'xml' | undefined },
): Tool<WebSearchInput, WebSearchOutput>;
export function webSearchTool(options: WebSearchToolOptions): Tool<WebSearchInput, object>;
export function webSearchTool(
  options: WebSearchToolOptions,
):
  | Tool<WebSearchInput, AgentServerResult>
  | Tool<WebSearchInput, WebSearchOutput>
  | Tool<WebSearchInput, object> {
  const { client, format, userId, trust, description } = options;
  return aiSdkTool(webSearchLayerTool({ client, format: format ?? 'model' }), {
    ...(description === undefined ? {} : { description }),
    ...(userId === undefined ? {} : { userId }),
    ...(trust === undefined ? {} : { trust }),
  }) as unknown as Tool<WebSearchInput, object>;
}
