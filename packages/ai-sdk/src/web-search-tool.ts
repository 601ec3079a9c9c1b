import {
  MAX_QUERY_LENGTH,
  MAX_RESULTS_LIMIT,
  SEARCH_MODES,
  type SearchClient,
  toModelText,
  toolErrorMessage,
  toWebSearchOutput,
  WEB_SEARCH_ARGUMENTS,
  WEB_SEARCH_TOOL_DESCRIPTION,
  type WebSearchOutput,
  webSearchRequest,
} from '@agent-search/core';
import { tool } from 'ai';
import { z } from 'zod';

const site = z.string().trim().min(1).max(253);

/** The `web_search` arguments (core's contract) as a zod schema. */
export const webSearchInputSchema = z.object({
  query: z.string().trim().min(1).max(MAX_QUERY_LENGTH).describe(WEB_SEARCH_ARGUMENTS.query),
  mode: z.enum(SEARCH_MODES).optional().describe(WEB_SEARCH_ARGUMENTS.mode),
  max_results: z
    .number()
    .int()
    .min(1)
    .max(MAX_RESULTS_LIMIT)
    .optional()
    .describe(WEB_SEARCH_ARGUMENTS.max_results),
  time_range: z.enum(['day', 'week', 'month', 'year']).optional().describe(WEB_SEARCH_ARGUMENTS.time_range),
  include_sites: z.array(site).max(20).optional().describe(WEB_SEARCH_ARGUMENTS.include_sites),
  exclude_sites: z.array(site).max(20).optional().describe(WEB_SEARCH_ARGUMENTS.exclude_sites),
  region: z
    .string()
    .regex(/^[a-zA-Z]{2}-[a-zA-Z]{2}$/)
    .optional()
    .describe(WEB_SEARCH_ARGUMENTS.region),
});

export type WebSearchInput = z.infer<typeof webSearchInputSchema>;

export interface WebSearchToolOptions {
  /** The search client (`createSearchClient`, `loadSearchConfig(...).client`, or a cache's `wrap`). */
  client: Pick<SearchClient, 'search'>;
  /** Who is asking, for per-user rate limits: a fixed id, or one read from the call's context. */
  userId?: string | ((options: { toolCallId: string; experimental_context?: unknown }) => string | undefined);
  /** Replaces the description the model reads. */
  description?: string;
}

/**
 * `web_search` for the AI SDK: `generateText({ model, tools: { web_search: webSearchTool({ client }) } })`.
 * The program gets the normalized results (`WebSearchOutput`); the model gets core's compact text view
 * through `toModelOutput`. A failed search throws an error whose message is the same sentence the LiveKit
 * tool says, which the SDK hands the model as the tool's error.
 */
export function webSearchTool(options: WebSearchToolOptions) {
  return tool({
    description: options.description ?? WEB_SEARCH_TOOL_DESCRIPTION,
    inputSchema: webSearchInputSchema,
    execute: async (input, { abortSignal, toolCallId, experimental_context }): Promise<WebSearchOutput> => {
      const userId =
        typeof options.userId === 'function'
          ? options.userId({ toolCallId, experimental_context })
          : options.userId;
      try {
        const response = await options.client.search(webSearchRequest(input), {
          ...(abortSignal ? { signal: abortSignal } : {}),
          ...(userId ? { userId } : {}),
        });
        return toWebSearchOutput(response);
      } catch (error) {
        throw new Error(toolErrorMessage(error), { cause: error });
      }
    },
    toModelOutput: ({ output }) => ({ type: 'text', value: toModelText(output) }),
  });
}
