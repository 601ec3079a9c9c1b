import type { SearchClient, SearchResponse } from '@agent-search/core';
import {
  type SearchToolOutput,
  type SourcesAnswer,
  type WebSearchFormat,
  webSearchTool as webSearchLayerTool,
} from '@agent-search/core/tool';
import type {
  AgentServerError,
  AgentServerResult,
  StructuredResults,
  WebSearchFailure,
  WebSearchOutput,
} from '@agent-search/core/views';
import { webSearchArgsSchema } from '@agent-search/core/web-search-schema';
import { type LangChainToolOptions, langChainTool } from './layer-tool.ts';

/** The `web_search` arguments: core's one schema, which refuses nothing (the tool layer reads them). */
export const webSearchInputSchema = webSearchArgsSchema;

/** The artifact of a failed search: the sentence the model got, and the error code for the program. */
export type { WebSearchFailure };

/** The artifact in each format: the text formats' normalized results (or failure), a JSON format's value. */
export type WebSearchArtifact =
  | WebSearchOutput
  | WebSearchFailure
  | AgentServerResult
  | AgentServerError
  | SearchToolOutput
  | StructuredResults
  | SourcesAnswer
  | SearchResponse;

export interface WebSearchToolOptions extends LangChainToolOptions {
  /** The search client (`createSearchClient`, `loadSearchConfig(...).client`, or a cache's `wrap`). */
  client: Pick<SearchClient, 'search'>;
  /**
   * Any format the tool layer renders. `model` (default): core's compact text as content, the normalized
   * results (or `{error, code}`) as artifact; `xml` the same with the XML view as content. A JSON format
   * (`agent-server`, `results`, `structured`, `sources`, `json`): its value as artifact and its JSON as
   * content, a failure its failure form (`web_search_error` for `agent-server`, `{results: [], error}`).
   */
  format?: WebSearchFormat;
}

/**
 * `web_search` as a LangChain tool, in place of `DuckDuckGoSearch`: core's `web_search` layer tool through
 * the generic adapter (`langChainTool`). The model gets the layer's text (the ToolMessage's `content`), the
 * program the normalized results (its `artifact`). A failed or malformed call answers with the layer's
 * sentence as content and `{ error, code }` as artifact, never a throw, so an agent loop goes on and the
 * model can tell the user. `userId` and `trust` are fixed or read from the run's `configurable`.
 */
export function webSearchTool(options: WebSearchToolOptions) {
  const { client, format, ...adapter } = options;
  return langChainTool(webSearchLayerTool({ client, format: format ?? 'model' }), adapter);
}
