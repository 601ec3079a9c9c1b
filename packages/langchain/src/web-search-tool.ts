import {
  isSearchError,
  MAX_QUERY_LENGTH,
  MAX_RESULTS_LIMIT,
  SEARCH_MODES,
  type SearchClient,
} from '@agent-search/core';
import {
  type AgentServerError,
  type AgentServerResult,
  toAgentServerEnvelope,
  toModelText,
  toolErrorMessage,
  toWebSearchOutput,
  toWebSearchToolError,
  WEB_SEARCH_ARGUMENTS,
  WEB_SEARCH_TOOL_DESCRIPTION,
  WEB_SEARCH_TOOL_NAME,
  type WebSearchOutput,
  type WebSearchToolFormat,
  webSearchRequest,
} from '@agent-search/core/views';
import { tool } from '@langchain/core/tools';
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
  num_results: z
    .number()
    .int()
    .min(1)
    .max(MAX_RESULTS_LIMIT)
    .optional()
    .describe(WEB_SEARCH_ARGUMENTS.num_results),
  time_range: z.enum(['day', 'week', 'month', 'year']).optional().describe(WEB_SEARCH_ARGUMENTS.time_range),
  include_sites: z.array(site).max(20).optional().describe(WEB_SEARCH_ARGUMENTS.include_sites),
  exclude_sites: z.array(site).max(20).optional().describe(WEB_SEARCH_ARGUMENTS.exclude_sites),
  region: z
    .string()
    .regex(/^[a-zA-Z]{2}-[a-zA-Z]{2}$/)
    .optional()
    .describe(WEB_SEARCH_ARGUMENTS.region),
});

/** The artifact of a failed search: the sentence the model got, and the error code for the program. */
export interface WebSearchFailure {
  error: string;
  code: string;
}

export type WebSearchArtifact = WebSearchOutput | WebSearchFailure | AgentServerResult | AgentServerError;

export interface WebSearchToolOptions {
  /** The search client (`createSearchClient`, `loadSearchConfig(...).client`, or a cache's `wrap`). */
  client: Pick<SearchClient, 'search'>;
  /** Default `web_search`. */
  name?: string;
  /** Replaces the description the model reads. */
  description?: string;
  /** Who is asking, for per-user rate limits: a fixed id, or one read from the run's `configurable`. */
  userId?: string | ((configurable: Record<string, unknown>) => string | undefined);
  /**
   * `model` (default): core's compact text as content, the normalized results (or `{error, code}`) as
   * artifact. `agent-server`: the `web_search_result` envelope (or `web_search_error` on failure) as
   * both, the content being its JSON.
   */
  format?: WebSearchToolFormat;
}

/**
 * `web_search` as a LangChain tool, in place of `DuckDuckGoSearch`: the model gets core's compact text
 * (the ToolMessage's `content`), the program the normalized results (its `artifact`). A failed search
 * answers with the LiveKit tool's sentence as content and `{ error, code }` as artifact, so an agent loop
 * goes on and the model can tell the user.
 */
export function webSearchTool(options: WebSearchToolOptions) {
  return tool(
    async (input, config): Promise<[string, WebSearchArtifact]> => {
      const configurable = (config?.configurable ?? {}) as Record<string, unknown>;
      const userId = typeof options.userId === 'function' ? options.userId(configurable) : options.userId;
      try {
        const response = await options.client.search(webSearchRequest(input), {
          ...(config?.signal ? { signal: config.signal } : {}),
          ...(userId ? { userId } : {}),
        });
        if (options.format === 'agent-server') {
          const envelope = toAgentServerEnvelope(response);
          return [JSON.stringify(envelope), envelope];
        }
        const output = toWebSearchOutput(response);
        return [toModelText(output), output];
      } catch (error) {
        if (options.format === 'agent-server') {
          const envelope = toWebSearchToolError(input.query, error);
          return [JSON.stringify(envelope), envelope];
        }
        const message = toolErrorMessage(error);
        return [message, { error: message, code: isSearchError(error) ? error.code : 'unexpected' }];
      }
    },
    {
      name: options.name ?? WEB_SEARCH_TOOL_NAME,
      description: options.description ?? WEB_SEARCH_TOOL_DESCRIPTION,
      schema: webSearchInputSchema,
      responseFormat: 'content_and_artifact',
    },
  );
}
