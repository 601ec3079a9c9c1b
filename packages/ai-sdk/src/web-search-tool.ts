import type { SearchClient } from '@agent-search/core';
import {
  type AgentServerError,
  type AgentServerResult,
  toAgentServerEnvelope,
  toModelText,
  toWebSearchOutput,
  type WebSearchOutput,
  type WebSearchToolFormat,
  webSearchFailure,
  webSearchRequest,
  webSearchToolDescription,
} from '@agent-search/core/views';
import { type WebSearchInput, webSearchArgsSchema } from '@agent-search/core/web-search-schema';
import { type Tool, tool } from 'ai';
import { ToolFailure } from './tool-failure.ts';

/** The `web_search` arguments (core's contract) as a zod schema. */
export const webSearchInputSchema = webSearchArgsSchema;
export type { WebSearchInput };

export interface WebSearchToolOptions {
  /** The search client (`createSearchClient`, `loadSearchConfig(...).client`, or a cache's `wrap`). */
  client: Pick<SearchClient, 'search'>;
  /**
   * Who is asking, for per-user rate limits: a fixed id, or one read from the call's context
   * (`experimental_context` in AI SDK 6, the tool's `context` in AI SDK 7).
   */
  userId?:
    | string
    | ((options: {
        toolCallId: string;
        experimental_context?: unknown;
        context?: unknown;
      }) => string | undefined);
  /** Replaces the description the model reads. */
  description?: string;
  /**
   * `model` (default): the program gets `WebSearchOutput`, the model core's compact text, a failure is
   * the tool's error. `agent-server`: the program and the model both get the `web_search_result`
   * envelope, and a failure is the `web_search_error` envelope as the tool's output.
   */
  format?: WebSearchToolFormat;
}

/** The `agent-server` format's output: the envelope, or its error form. */
export type WebSearchEnvelope = AgentServerResult | AgentServerError;

/**
 * `web_search` for the AI SDK: `generateText({ model, tools: { web_search: webSearchTool({ client }) } })`.
 * The program gets the normalized results (`WebSearchOutput`); the model gets core's compact text view
 * through `toModelOutput`. A failed search throws an error whose message is the same sentence the LiveKit
 * tool says, which the SDK hands the model as the tool's error.
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
  const search = (input: WebSearchInput, callOptions: SearchCallOptions) => {
    const { abortSignal, toolCallId } = callOptions;
    // AI SDK 6 names the caller's context `experimental_context`, AI SDK 7 `context`: read whichever is there.
    const { experimental_context, context } = callOptions;
    const userId =
      typeof options.userId === 'function'
        ? options.userId({ toolCallId, experimental_context, context })
        : options.userId;
    return options.client.search(webSearchRequest(input), {
      ...(abortSignal ? { signal: abortSignal } : {}),
      ...(userId ? { userId } : {}),
    });
  };
  const description = options.description ?? webSearchToolDescription(options.format);
  if (options.format === 'agent-server') {
    return tool<WebSearchInput, WebSearchEnvelope>({
      description,
      inputSchema: webSearchInputSchema,
      execute: async (input, callOptions): Promise<WebSearchEnvelope> => {
        try {
          return toAgentServerEnvelope(await search(input, callOptions as SearchCallOptions));
        } catch (error) {
          return webSearchFailure(input.query, error, 'agent-server').output;
        }
      },
      toModelOutput: ({ output }) => ({ type: 'json', value: { ...output } }),
    });
  }
  return tool<WebSearchInput, WebSearchOutput>({
    description,
    inputSchema: webSearchInputSchema,
    execute: async (input, callOptions): Promise<WebSearchOutput> => {
      try {
        return toWebSearchOutput(await search(input, callOptions as SearchCallOptions));
      } catch (error) {
        throw new ToolFailure(webSearchFailure(input.query, error).text, { cause: error });
      }
    },
    toModelOutput: ({ output }) => ({ type: 'text', value: toModelText(output) }),
  });
}

/** What `execute` gets that the search needs, in AI SDK 6 and 7 alike. */
interface SearchCallOptions {
  toolCallId: string;
  abortSignal?: AbortSignal | undefined;
  experimental_context?: unknown;
  context?: unknown;
}
