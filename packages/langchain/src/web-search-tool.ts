import type { SearchClient } from '@agent-search/core';
import {
  type AgentServerError,
  type AgentServerResult,
  WEB_SEARCH_TOOL_NAME,
  type WebSearchFailure,
  type WebSearchOutput,
  type WebSearchToolFormat,
  webSearchAnswer,
  webSearchFailure,
  webSearchRequest,
  webSearchToolDescription,
} from '@agent-search/core/views';
import { webSearchArgsSchema } from '@agent-search/core/web-search-schema';
import { tool } from '@langchain/core/tools';

/** The `web_search` arguments (core's contract) as a zod schema. */
export const webSearchInputSchema = webSearchArgsSchema;

/** The artifact of a failed search: the sentence the model got, and the error code for the program. */
export type { WebSearchFailure };

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
        const { text, output } = webSearchAnswer(response, options.format);
        return [text, output];
      } catch (error) {
        const { text, output } = webSearchFailure(input.query, error, options.format);
        return [text, output];
      }
    },
    {
      name: options.name ?? WEB_SEARCH_TOOL_NAME,
      description: options.description ?? webSearchToolDescription(options.format),
      schema: webSearchInputSchema,
      responseFormat: 'content_and_artifact',
    },
  );
}
