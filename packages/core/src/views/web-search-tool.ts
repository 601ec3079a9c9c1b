import { isSearchError } from '../errors.ts';
import type { SearchMode } from '../request.ts';
import { type LearnedFrom, learnedNotice, type SearchResponse } from '../response.ts';
import type { SearchResult } from '../result.ts';
import { type AgentServerError, type AgentServerResult, toAgentServerEnvelope } from './agent-server.ts';
import { oneLine } from './fields.ts';
import { type ModelTextOptions, toModelText } from './model-text.ts';
import { staleNotice } from './staleness.ts';
import { toolErrorMessage } from './tool-error.ts';

/**
 * The `web_search` tool as every framework adapter (MCP, AI SDK, LangChain) offers it: one name, one
 * description, one set of arguments with one wording, one mapping to a request and one program-facing
 * output. The arguments are described once in the tool layer (`@agent-search/core/tool`'s
 * `WEB_SEARCH_PARAMETERS`, read by its `readWebSearchArguments`); their zod schema is
 * `@agent-search/core/web-search-schema`.
 */
export const WEB_SEARCH_TOOL_NAME = 'web_search';

const WHAT_IT_DOES =
  'Search the web for current information: news, recent events, prices, scores, weather, documentation and facts that may have changed since your training.';
const HOW_TO_ASK = 'Use short keyword queries; set mode "news" for recent articles.';

/** The description in the default `model` format, whose text numbers the results and names their sites. */
export const WEB_SEARCH_TOOL_DESCRIPTION = `${WHAT_IT_DOES} Returns a few numbered results, each with a title, its site, a date when known and a snippet; cite them by number. ${HOW_TO_ASK}`;

const AGENT_SERVER_DESCRIPTION = `${WHAT_IT_DOES} Returns a web_search_result object whose results each have a title, a url and a snippet; cite the ones you use by title and url. ${HOW_TO_ASK}`;

/** The tool's description for the format it answers in: it tells the model how to cite what it will receive. */
export function webSearchToolDescription(format: WebSearchToolFormat = 'model'): string {
  return format === 'agent-server' ? AGENT_SERVER_DESCRIPTION : WEB_SEARCH_TOOL_DESCRIPTION;
}

/**
 * What a `web_search` tool answers the model with: core's compact text (`model`, the default) or the
 * agent-server envelope (`{type: 'web_search_result', query, results: [{title, url, snippet}], count}`, and
 * `{type: 'web_search_error', query, error, error_type}` on failure) for agents built on that contract.
 */
export const WEB_SEARCH_TOOL_FORMATS = ['model', 'agent-server'] as const;
export type WebSearchToolFormat = (typeof WEB_SEARCH_TOOL_FORMATS)[number];

/** What a program keeps from a tool call: the normalized results and where they came from. */
export interface WebSearchOutput {
  query: string;
  mode: SearchMode;
  /** Id of the provider that answered. */
  provider: string;
  cached: boolean;
  /** When the provider answered (ISO 8601). */
  fetchedAt: string;
  results: SearchResult[];
  /**
   * On a stale cached answer (every provider failed), a sentence saying how old it is; on an answer from
   * a search memory, who learned it and that it is quoted web content (`learned`).
   */
  stale?: true;
  note?: string;
  learned?: LearnedFrom;
}

export function toWebSearchOutput(response: SearchResponse): WebSearchOutput {
  const output: WebSearchOutput = {
    query: response.query,
    mode: response.mode,
    provider: response.provider,
    cached: response.cached,
    fetchedAt: response.fetchedAt,
    results: response.results,
  };
  const stale = staleNotice(response);
  if (stale) Object.assign(output, { stale: true, note: stale.note });
  if (response.learned)
    Object.assign(output, { learned: response.learned, note: learnedNotice(response.learned) });
  return output;
}

/**
 * A failed tool call in the `agent-server` format: the sentence every tool says as `error` (never a
 * key), the error code as `error_type` (`unexpected` for anything but a `SearchError`).
 */
export function toWebSearchToolError(query: string, error: unknown): AgentServerError {
  return {
    type: 'web_search_error',
    query: oneLine(query),
    error: toolErrorMessage(error),
    error_type: isSearchError(error) ? error.code : 'unexpected',
  };
}

/** What a `web_search` tool gives back: the text the model reads and the value the program keeps. */
export interface WebSearchAnswer<Output> {
  text: string;
  output: Output;
}

/**
 * A search's answer in a tool format: `model`, core's compact text and `WebSearchOutput`; `agent-server`,
 * the `web_search_result` envelope as both (the text being its JSON).
 */
export function webSearchAnswer(
  response: SearchResponse,
  format: 'agent-server',
  options?: ModelTextOptions,
): WebSearchAnswer<AgentServerResult>;
export function webSearchAnswer(
  response: SearchResponse,
  format?: 'model',
  options?: ModelTextOptions,
): WebSearchAnswer<WebSearchOutput>;
export function webSearchAnswer(
  response: SearchResponse,
  format?: WebSearchToolFormat,
  options?: ModelTextOptions,
): WebSearchAnswer<WebSearchOutput | AgentServerResult>;
export function webSearchAnswer(
  response: SearchResponse,
  format: WebSearchToolFormat = 'model',
  options: ModelTextOptions = {},
): WebSearchAnswer<WebSearchOutput | AgentServerResult> {
  if (format === 'agent-server') {
    const envelope = toAgentServerEnvelope(response);
    return { text: JSON.stringify(envelope), output: envelope };
  }
  return { text: toModelText(response, options), output: toWebSearchOutput(response) };
}

/** A failed call as a program keeps it in the `model` format: the model's sentence and the error code. */
export interface WebSearchFailure {
  error: string;
  code: string;
}

/**
 * A failed search in a tool format: `model`, the sentence every tool says and `{error, code}`;
 * `agent-server`, the `web_search_error` envelope as both (the text being its JSON).
 */
export function webSearchFailure(
  query: string,
  error: unknown,
  format: 'agent-server',
): WebSearchAnswer<AgentServerError>;
export function webSearchFailure(
  query: string,
  error: unknown,
  format?: 'model',
): WebSearchAnswer<WebSearchFailure>;
export function webSearchFailure(
  query: string,
  error: unknown,
  format?: WebSearchToolFormat,
): WebSearchAnswer<WebSearchFailure | AgentServerError>;
export function webSearchFailure(
  query: string,
  error: unknown,
  format: WebSearchToolFormat = 'model',
): WebSearchAnswer<WebSearchFailure | AgentServerError> {
  const envelope = toWebSearchToolError(query, error);
  if (format === 'agent-server') return { text: JSON.stringify(envelope), output: envelope };
  return { text: envelope.error, output: { error: envelope.error, code: envelope.error_type } };
}
