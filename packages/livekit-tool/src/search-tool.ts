import type { Logger, SearchClient, SearchResponse } from '@agent-search/core';
import {
  type ProvenanceEntry,
  runWebSearchTool,
  SAFE_DEFAULT_POLICY,
  type SearchPolicy,
  type SearchToolOutput,
  type SourcesAnswer,
  searchTypeDescription,
  searchTypes,
  type ToolMemoryHook,
  TurnBudget,
  WEB_SEARCH_FORMATS,
  type WebSearchFormat,
  webSearchParameter,
} from '@agent-search/core/tool';
import type { AgentServerError, AgentServerResult, StructuredResults } from '@agent-search/core/views';
import { llm, type voice } from '@livekit/agents';
import { z } from 'zod';
import { type PerCall, participantIdentity, resolvePerCall } from './caller.ts';
import { describeError, frameworkLogger } from './framework-logger.ts';
import { type LoadingStatusPublisher, loadingStatus, publishLoadingStatus } from './loading-status.ts';

/**
 * An optional argument the layer reads itself (a count, a mode, a time range): a string, a number or a
 * boolean, so a model's quoted number ("5") reaches the layer's one lenient reading instead of failing the
 * call as "Invalid arguments". Nullable too, so the framework's strict tool-schema mode stays valid.
 */
export const lenientScalar = () => z.union([z.string(), z.number(), z.boolean()]).nullish().catch(undefined);
const described = (name: string) => webSearchParameter(name).description;

/**
 * The tool's arguments: the voice contract's five (seed 000), worded from the layer's one parameter list.
 * `timelimit` is that contract's name for `time_range` (the layer reads both). Nothing but a query that is not
 * a string is refused here (an odd value is "not given"), so the layer's one reading decides, as on every surface.
 * The list is closed (strict tool-schema mode wants `additionalProperties: false`): the layer's other
 * arguments (`include_sites`, `region`, ...) are not offered to a voice model.
 */
const parameterShape = {
  // A string, always: strict tool-schema mode makes the model send one (an empty one is the layer's refusal).
  query: z.string().describe(described('query')),
  mode: lenientScalar().describe(described('mode')),
  max_results: lenientScalar().describe(described('max_results')),
  timelimit: lenientScalar().describe(
    'Only results from the past "d" (day), "w" (week), "m" (month) or "y" (year); empty for any time.',
  ),
  loading_message: z
    .string()
    .nullish()
    .catch(undefined)
    .describe(
      'A short line in your own voice shown to the user while you search: "Checking the latest scores..."',
    ),
};
export const searchInternetParameters = z.object(parameterShape);

/**
 * The tool's arguments: the schema's output without `| undefined` on its optional fields, so the type is
 * LiveKit's `JSONObject` for a consumer with `exactOptionalPropertyTypes` too (TypeScript 7's `tsc --init`
 * turns it on; with `| undefined` each optional field fails the constraint, TS2344).
 */
export type SearchInternetArgs = {
  [K in keyof z.infer<typeof searchInternetParameters>]: Exclude<
    z.infer<typeof searchInternetParameters>[K],
    undefined
  >;
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

/** Who is asking, as the app knows them: everything here may differ per call. */
export interface SearchCaller {
  /** For per-user rate limits and the memory. Default: the identity of the participant the session talks to. */
  userId?: string | undefined;
  /** Trust level 0..100: the tier's policy (`trustTierPolicy`) when no `policy` is given. */
  trust?: number | undefined;
  /** Result cap, persistence, follow-up searches per turn, multi-source. */
  policy?: SearchPolicy | undefined;
  /** An upper bound on results (1..10) beside the policy's; the smaller wins. */
  maxResults?: number | undefined;
  /** Where this call's sources go (one collector per session). */
  provenance?: { record(entry: ProvenanceEntry): void } | undefined;
}

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
function toolParameters(
  format: SearchToolFormat,
  types: string | undefined,
): typeof searchInternetParameters {
  let parameters: z.ZodObject<z.ZodRawShape> = searchInternetParameters;
  if (format === 'agent-server') {
    parameters = parameters.extend({ num_results: lenientScalar().describe(described('num_results')) });
  }
  if (types) parameters = parameters.extend({ type: z.string().nullish().describe(types) });
  return parameters as unknown as typeof searchInternetParameters;
}

async function resolveCaller<UserData>(
  caller: PerCall<SearchCaller | undefined, UserData> | undefined,
  ctx: voice.RunContext<UserData>,
  logger: Logger,
): Promise<SearchCaller> {
  let resolved: SearchCaller;
  try {
    resolved = (await resolvePerCall(caller, ctx)) ?? {};
  } catch (error) {
    // A failing lookup (a trust score, an id) falls back to the safe default rather than failing the search.
    logger.warn({ error: describeError(error) }, 'search_internet: caller failed; using the safe default');
    resolved = { policy: { ...SAFE_DEFAULT_POLICY } };
  }
  return resolved.userId === undefined ? { ...resolved, userId: participantIdentity(ctx) } : resolved;
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
  const turnBudget = setup.turnBudget ?? new TurnBudget();

  return llm.tool<UserData, typeof searchInternetParameters, SearchInternetResult>({
    description: setup.description ?? SEARCH_TOOL_DESCRIPTION,
    parameters: toolParameters(format, types ? searchTypeDescription(types) : undefined),
    execute: async (args, { ctx, abortSignal }) => {
      const logger = setup.logger ?? frameworkLogger();
      const caller = await resolveCaller(options.caller, ctx, logger);
      const answer = await runWebSearchTool(args, {
        client,
        format,
        userId: caller.userId,
        policy: caller.policy,
        trust: caller.trust,
        maxResults: caller.maxResults,
        provenance: caller.provenance,
        memory: options.memory,
        types,
        // The turn is the reply being spoken (its speech handle): its searches count together.
        turn: ctx?.speechHandle ? { id: ctx.speechHandle as object, budget: turnBudget } : undefined,
        signal: abortSignal,
        logger,
        logName: 'search_internet',
        beforeSearch: () => publishLoadingStatus(publisher, loadingStatus(args.loading_message), ctx, logger),
      });
      return answer.value as SearchInternetResult;
    },
  }) as llm.AnonFunctionTool<SearchInternetArgs, UserData, SearchInternetResult>;
}
