import type { SearchClient } from '@agent-search/core';
import { runWebSearchTool } from '@agent-search/core/tool';
import {
  type AgentServerError,
  type AgentServerResult,
  WEB_SEARCH_TOOL_NAME,
  type WebSearchFailure,
  type WebSearchOutput,
  type WebSearchToolFormat,
  webSearchToolDescription,
} from '@agent-search/core/views';
import { webSearchArgsSchema } from '@agent-search/core/web-search-schema';
import { tool } from '@langchain/core/tools';

/** The `web_search` arguments: core's one schema, which refuses nothing (the tool layer reads them). */
export const webSearchInputSchema = webSearchArgsSchema;

/** The artifact of a failed search: the sentence the model got, and the error code for the program. */
export type { WebSearchFailure };

export type WebSearchArtifact = WebSearchOutput | WebSearchFailure | AgentServerResult | AgentServerError;

/** A fixed value, or one read from the run's `configurable`. */
export type PerRun<T> = T | ((configurable: Record<string, unknown>) => T);

export interface WebSearchToolOptions {
  /** The search client (`createSearchClient`, `loadSearchConfig(...).client`, or a cache's `wrap`). */
  client: Pick<SearchClient, 'search'>;
  /** Default `web_search`. */
  name?: string;
  /** Replaces the description the model reads. */
  description?: string;
  /** Who is asking, for per-user rate limits: a fixed id, or one read from the run's `configurable`. */
  userId?: PerRun<string | undefined>;
  /** The caller's trust level 0..100, fixed or from the run's `configurable`: a stranger (below 20) gets 3 results. */
  trust?: PerRun<number | undefined>;
  /**
   * `model` (default): core's compact text as content, the normalized results (or `{error, code}`) as
   * artifact. `agent-server`: the `web_search_result` envelope (or `web_search_error` on failure) as
   * both, the content being its JSON.
   */
  format?: WebSearchToolFormat;
}

function perRun<T>(value: PerRun<T> | undefined, configurable: Record<string, unknown>): T | undefined {
  return typeof value === 'function' ? (value as (c: Record<string, unknown>) => T)(configurable) : value;
}

/**
 * `web_search` as a LangChain tool, in place of `DuckDuckGoSearch`: an adapter over the tool layer
 * (`runWebSearchTool`). The model gets the layer's text (the ToolMessage's `content`), the program the
 * normalized results (its `artifact`). A failed or malformed call answers with the layer's sentence as
 * content and `{ error, code }` as artifact, never a throw, so an agent loop goes on and the model can tell
 * the user.
 */
export function webSearchTool(options: WebSearchToolOptions) {
  const format = options.format ?? 'model';
  return tool(
    async (input, config): Promise<[string, WebSearchArtifact]> => {
      const configurable = (config?.configurable ?? {}) as Record<string, unknown>;
      const answer = await runWebSearchTool(input, {
        client: options.client,
        format,
        userId: perRun(options.userId, configurable),
        trust: perRun(options.trust, configurable),
        ...(config?.signal ? { signal: config.signal } : {}),
      });
      return [answer.text, answer.output as WebSearchArtifact];
    },
    {
      name: options.name ?? WEB_SEARCH_TOOL_NAME,
      description: options.description ?? webSearchToolDescription(format),
      schema: webSearchInputSchema,
      responseFormat: 'content_and_artifact',
    },
  );
}
