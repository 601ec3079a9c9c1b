import type { Logger, SearchClient, SearchResponse } from '@agent-search/core';
import {
  defineTool,
  type SearchToolOutput,
  type SourcesAnswer,
  searchTypeDescription,
  searchTypes,
  type ToolCaller,
  type ToolMemoryHook,
  type ToolParameter,
  type TurnBudget,
  WEB_SEARCH_FORMATS,
  type WebSearchFormat,
  webSearchParameter,
  webSearchTool,
} from '@agent-search/core/tool';
import type { AgentServerError, AgentServerResult, StructuredResults } from '@agent-search/core/views';
import type { llm } from '@livekit/agents';
import type { PerCall } from './caller.ts';
import { frameworkLogger, liveKitLogger } from './framework-logger.ts';
import { liveKitParameters, liveKitTool } from './layer-tool.ts';
import type { LoadingStatusPublisher } from './loading-status.ts';
import { SEARCH_TOOL_NAME } from './rules.ts';

/**
 * The tool's arguments: the voice contract's four (seed 000), worded from the layer's one parameter list,
 * plus `loading_message` (every LiveKit layer tool's). `timelimit` is that contract's name for `time_range`
 * (the layer reads both). Nothing but a query that is not a string is refused (an odd value is "not given"),
 * so the layer's one reading decides, as on every surface. The list is closed (strict tool-schema mode
 * wants `additionalProperties: false`): the layer's other arguments (`include_sites`, `region`, ...) are
 * not offered to a voice model.
 */
const VOICE_PARAMETERS: readonly ToolParameter[] = [
  webSearchParameter('query'),
  webSearchParameter('mode'),
  webSearchParameter('max_results'),
  {
    name: 'timelimit',
    kind: 'word',
    words: ['d', 'w', 'm', 'y'],
    description:
      'Only results from the past "d" (day), "w" (week), "m" (month) or "y" (year); empty for any time.',
  },
];
export const searchInternetParameters = liveKitParameters(VOICE_PARAMETERS);

/**
 * The arguments as the schema lets them through; the tool layer reads them. No `| undefined` on the optional
 * fields, so the type is LiveKit's `JSONObject` for a consumer with `exactOptionalPropertyTypes` too
 * (TypeScript 7's `tsc --init` turns it on; with `| undefined` each optional field fails the constraint, TS2344).
 */
export type SearchInternetArgs = {
  query: string;
  mode?: string | number | boolean | null;
  max_results?: string | number | boolean | null;
  timelimit?: string | number | boolean | null;
  loading_message?: string | null;
};

export const SEARCH_TOOL_DESCRIPTION =
  'Search the internet for current information: news, recent events, prices, scores, weather and facts that may have changed since your training. Returns a few results with their source sites.';

/**
 * `'results'`: the `{results: [...]}` object, compact fields per mode; any other name: that core view of the
 * response. The tool layer renders every one (`@agent-search/core/tool`).
 */
export type SearchToolFormat = WebSearchFormat;
export const SEARCH_TOOL_FORMATS: readonly SearchToolFormat[] = WEB_SEARCH_FORMATS;

/** @deprecated The old name of `'results'`; still accepted in this release, removed in the next. */
export type DeprecatedSearchToolFormat = 'seed';

/** What the tool returns: the `{results}` object, a view's text (`model`, `xml`), or a JSON view's value. */
export type SearchInternetResult =
  | SearchToolOutput
  | string
  | AgentServerResult
  | AgentServerError
  | StructuredResults
  | SourcesAnswer
  | SearchResponse;

/**
 * Who is asking, as the app knows them (everything here may differ per call): `userId` (default: the
 * participant's identity), `trust` or `policy`, `maxResults`, `provenance` (core's `ToolCaller`).
 */
export type SearchCaller = ToolCaller;

/** How the tool is declared and run, beyond the caller. */
export interface SearchToolSetup {
  /** Replaces the description the model reads. */
  description?: string;
  /** Adds an optional `type` argument: `news`, `regulation`, `case` or any profile the client knows, or `any`. */
  typeArgument?: boolean;
  /** Counts searches per user turn for `policy.followUps`; share one between tools. Default: the tool's own. */
  turnBudget?: TurnBudget;
  /** Default: the LiveKit Agents logger once initialized, otherwise silent. */
  logger?: Logger;
}

export interface SearchInternetToolOptions<UserData = unknown> {
  /** The search client (from `createSearchClient`, `loadSearchConfig` or a cache wrapper). */
  client: Pick<SearchClient, 'search'>;
  /**
   * How answers reach the model. Default `'results'`: `{results: [...]}`, or `{results: [], error}`. A view
   * name (`'model'`, `'xml'`, `'agent-server'`, `'structured'`, `'sources'`, `'json'`) renders core's view;
   * `'agent-server'` fails with its `web_search_error` envelope, the text views with the sentence.
   */
  format?: SearchToolFormat | DeprecatedSearchToolFormat;
  /** Where loading statuses go. Default: the agent's participant in the job's room. `false`: nowhere. */
  publisher?: LoadingStatusPublisher<UserData>;
  /**
   * Who is asking, fixed or from the run context: `(ctx) => ({ userId: ctx.userData.id, trust: ctx.userData.trust })`.
   * A callback that throws gives `SAFE_DEFAULT_POLICY` (logged).
   */
  caller?: PerCall<SearchCaller | undefined, UserData>;
  /** A search memory (`createSearchMemory`), with its traces: recalled before plain web searches, written when the policy allows. */
  memory?: ToolMemoryHook;
  setup?: SearchToolSetup;
}

let warnedSeedFormat = false;

function checkFormat(format: unknown, logger: Logger | undefined): SearchToolFormat {
  if (format === 'seed') {
    // One line per process: a deprecation notice repeated per tool or per call is noise.
    if (!warnedSeedFormat) {
      warnedSeedFormat = true;
      (logger ?? frameworkLogger()).warn(
        {},
        "createSearchInternetTool: format 'seed' is deprecated; use 'results'",
      );
    }
    return 'results';
  }
  if ((WEB_SEARCH_FORMATS as readonly unknown[]).includes(format)) return format as SearchToolFormat;
  throw new TypeError(
    `createSearchInternetTool: unknown format "${String(format).slice(0, 40)}"; use one of: ${SEARCH_TOOL_FORMATS.join(', ')}`,
  );
}

/**
 * The arguments a tool offers: the voice contract's list by default (every extra field costs the model
 * tokens on each call in strict mode); the agent-server envelope adds that contract's `num_results`;
 * `typeArgument` adds `type`.
 */
function toolParameters(format: SearchToolFormat, types: string | undefined): readonly ToolParameter[] {
  return [
    ...VOICE_PARAMETERS,
    ...(format === 'agent-server' ? [webSearchParameter('num_results')] : []),
    ...(types ? [{ name: 'type', kind: 'word' as const, description: types }] : []),
  ];
}

/**
 * Creates the `search_internet` tool for LiveKit Agents: an adapter over the tool layer
 * (`runWebSearchTool`) that adds what only LiveKit has, the loading status and the participant's identity.
 * Register it under `SEARCH_TOOL_NAME`:
 * `new voice.Agent({ instructions, tools: { search_internet: createSearchInternetTool({ client }) } })`.
 * Failures come back in the format's failure form rather than as exceptions, so the model can tell the user
 * what happened instead of receiving the framework's "An internal error occurred".
 */
export function createSearchInternetTool<UserData = unknown>(
  options: SearchInternetToolOptions<UserData> & { format?: 'results' | DeprecatedSearchToolFormat },
): llm.AnonFunctionTool<SearchInternetArgs, UserData, SearchToolOutput>;
export function createSearchInternetTool<UserData = unknown>(
  options: SearchInternetToolOptions<UserData>,
): llm.AnonFunctionTool<SearchInternetArgs, UserData, SearchInternetResult>;
export function createSearchInternetTool<UserData = unknown>(
  options: SearchInternetToolOptions<UserData>,
): llm.AnonFunctionTool<SearchInternetArgs, UserData, SearchInternetResult> {
  const { client, publisher, setup = {} } = options;
  const format = checkFormat(options.format ?? 'results', setup.logger);
  const types = setup.typeArgument ? searchTypes(client) : undefined;
  const logger = setup.logger ?? liveKitLogger;
  // The layer's web_search, under the voice contract's name and arguments, through the one LiveKit adapter.
  const tool = defineTool({
    ...webSearchTool({
      client,
      format,
      memory: options.memory,
      types,
      turnBudget: setup.turnBudget,
      logger,
      logName: SEARCH_TOOL_NAME,
      description: setup.description ?? SEARCH_TOOL_DESCRIPTION,
    }),
    name: SEARCH_TOOL_NAME,
    parameters: toolParameters(format, types ? searchTypeDescription(types) : undefined),
  });
  return liveKitTool(tool, {
    ...(publisher === undefined ? {} : { loadingStatus: publisher }),
    ...(options.caller === undefined ? {} : { caller: options.caller }),
    logger,
  }) as unknown as llm.AnonFunctionTool<SearchInternetArgs, UserData, SearchInternetResult>;
}
