import {
  isSearchError,
  type Logger,
  MAX_RESULTS_LIMIT,
  normalizeMaxResults,
  normalizeMode,
  normalizeTimeRange,
  type SearchClient,
  type SearchRequestInput,
  type SearchResponse,
} from '@agent-search/core';
import {
  type AgentServerError,
  type AgentServerResult,
  isViewFormat,
  renderView,
  type Source,
  type StructuredResults,
  VIEW_FORMATS,
  type ViewFormat,
  WEB_SEARCH_ARGUMENTS,
} from '@agent-search/core/views';
import { llm, type voice } from '@livekit/agents';
import { z } from 'zod';
import { type PerCall, participantIdentity, resolvePerCall } from './caller.ts';
import { describeError, frameworkLogger } from './framework-logger.ts';
import { lenientScalar } from './lenient-arguments.ts';
import { type LoadingStatusPublisher, loadingStatus, publishLoadingStatus } from './loading-status.ts';
import {
  CANCELLED_ERROR,
  EMPTY_QUERY_ERROR,
  errorMessage,
  errorOutput,
  resultsErrorMessage,
  type SearchToolOutput,
  toToolOutput,
} from './model-output.ts';
import {
  FOLLOW_UP_REFUSAL,
  resolvePolicy,
  SAFE_DEFAULT_POLICY,
  type SearchPolicy,
  TurnBudget,
} from './policy.ts';
import { type ProvenanceCollector, provenanceEntry } from './provenance.ts';
import { RECALLED_CONTENT_NOTICE } from './rules.ts';
import { runSearchStep, type ToolMemory } from './search-step.ts';
import { checkSearchType, SEARCH_TYPE_PARAMETER, searchTypeProfile } from './search-type.ts';

/**
 * The tool's arguments. Every field but `query` is `nullish`: optional for models that omit it, and
 * nullable so the framework's strict tool-schema mode (every field required) stays valid. `mode`,
 * `max_results` and `timelimit` are lenient (see lenient-arguments.ts): an odd value degrades, never fails.
 */
export const searchInternetParameters = z.object({
  query: z.string().describe(WEB_SEARCH_ARGUMENTS.query),
  mode: lenientScalar().describe(WEB_SEARCH_ARGUMENTS.mode),
  max_results: lenientScalar().describe(WEB_SEARCH_ARGUMENTS.max_results),
  timelimit: lenientScalar().describe(
    'Only results from the past "d" (day), "w" (week), "m" (month) or "y" (year); empty for any time.',
  ),
  loading_message: z
    .string()
    .nullish()
    .describe(
      'A short line in your own voice shown to the user while you search: "Checking the latest scores..."',
    ),
});

/**
 * The arguments a tool offers: the voice contract's list by default (every extra field costs the model
 * tokens on each call in strict mode); the agent-server envelope adds that contract's `num_results` (the
 * same count, `max_results` winning when both are given); `typeArgument` adds `type`.
 */
function toolParameters(
  format: SearchToolFormat,
  types: ReturnType<typeof checkSearchType> | undefined,
): typeof searchInternetParameters {
  let parameters: z.ZodObject<z.ZodRawShape> = searchInternetParameters;
  if (format === 'agent-server') {
    parameters = parameters.extend({
      num_results: lenientScalar().describe(WEB_SEARCH_ARGUMENTS.num_results),
    });
  }
  if (types) parameters = parameters.extend({ type: SEARCH_TYPE_PARAMETER(types) });
  return parameters as unknown as typeof searchInternetParameters;
}

export type SearchInternetArgs = z.infer<typeof searchInternetParameters>;

export const SEARCH_TOOL_DESCRIPTION =
  'Search the internet for current information: news, recent events, prices, scores, weather and facts that may have changed since your training. Returns a few results with their source sites.';

/**
 * `'results'`: the tool's own `{results: [...]}` object, compact fields per mode; any other name: that core
 * view of the response.
 */
export type SearchToolFormat = 'results' | ViewFormat;
export const SEARCH_TOOL_FORMATS: readonly SearchToolFormat[] = ['results', ...VIEW_FORMATS];

/** @deprecated The old name of `'results'`; still accepted in this release, removed in the next. */
export type DeprecatedSearchToolFormat = 'seed';

/**
 * What the tool returns: the `{results}` object, a view's text (`model`, `xml`), or a JSON view's value. The
 * framework JSON-encodes it for the model, so a JSON view reaches the model as exactly `renderView`'s text.
 */
export type SearchInternetResult =
  | SearchToolOutput
  | string
  | AgentServerResult
  | AgentServerError
  | StructuredResults
  | Source[]
  | SearchResponse;

export interface SearchInternetToolOptions<UserData = unknown> {
  /** The search client (from `createSearchClient`, `loadSearchConfig` or a cache wrapper). */
  client: Pick<SearchClient, 'search'>;
  /** Where loading statuses go. Default: the agent's participant in the job's room. `false`: nowhere. */
  publisher?: LoadingStatusPublisher<UserData>;
  /**
   * Upper bound on results for this caller (1..10), e.g. by how much the app trusts them. Default 10.
   * A function is called on every search with the run context.
   */
  maxResultsLimit?: PerCall<number, UserData>;
  /** Who is asking, for per-user rate limits. Default: the identity of the participant the session talks to. */
  userId?: PerCall<string | undefined, UserData>;
  /** Default: the LiveKit Agents logger once initialized, otherwise silent. */
  logger?: Logger;
  /** Replaces the description the model reads. */
  description?: string;
  /**
   * How successful results reach the model. Default `'results'`: `{results: [...]}` with a few compact
   * fields per mode. A view name (`'model'`, `'xml'`, `'agent-server'`, `'structured'`, `'sources'`,
   * `'json'`) renders the response with core's `renderView`. Errors are `{results: [], error}`, except with
   * `'agent-server'`: its own error form, `{type: 'web_search_error', query, error, error_type}`.
   * `'seed'` is the deprecated old name of `'results'`.
   */
  format?: SearchToolFormat | DeprecatedSearchToolFormat;
  /**
   * How to search for this caller: result cap, persistence, follow-up searches per turn, multi-source.
   * `(ctx) => trustTierPolicy(ctx.userData.trust)` applies the trust tiers; a callback that throws or
   * returns nothing gives `SAFE_DEFAULT_POLICY`. Without a policy: no persistence, no turn bound.
   */
  policy?: PerCall<SearchPolicy | undefined, UserData>;
  /** Counts searches per user turn for `policy.followUps`; share one between tools. Default: the tool's own. */
  turnBudget?: TurnBudget;
  /** A search memory: consulted before plain web searches, and written when the policy allows. */
  memory?: ToolMemory;
  /** Answer from memory only with findings at most this old. Default: the memory's retention age. */
  memoryMaxAgeMs?: number;
  /** Where each answered call's sources go (one collector per session). */
  provenance?: PerCall<ProvenanceCollector | undefined, UserData>;
  /**
   * Adds an optional `type` argument: `news`, `regulation`, `case` or any profile the client knows,
   * or `any`. Off by default, so the argument list stays the documented five.
   */
  typeArgument?: boolean;
}

function clampLimit(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return MAX_RESULTS_LIMIT;
  return Math.min(MAX_RESULTS_LIMIT, Math.max(1, Math.trunc(value)));
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
  if (format === 'results' || isViewFormat(format)) return format;
  throw new TypeError(
    `createSearchInternetTool: unknown format "${String(format).slice(0, 40)}"; use one of: ${SEARCH_TOOL_FORMATS.join(', ')}`,
  );
}

// Text views go to the model as a string; JSON views as their value, so the framework's encoding of it is
// the view's text itself rather than a string of escaped JSON.
const TEXT_VIEWS: ReadonlySet<ViewFormat> = new Set(['model', 'xml']);

/**
 * A failure as the model gets it: `{results: [], error}`, or the agent-server envelope's error
 * form with the same sentence and the error code as `error_type`.
 */
function failureOutput(
  format: SearchToolFormat,
  query: string,
  message: string,
  code: string,
): SearchInternetResult {
  if (format !== 'agent-server') return errorOutput(message);
  return { type: 'web_search_error', query, error: message, error_type: code };
}

function formatOutput(
  response: SearchResponse,
  format: SearchToolFormat,
  limit: number,
): SearchInternetResult {
  if (format === 'results') return toToolOutput(response, limit);
  const text = renderView({ ...response, results: response.results.slice(0, limit) }, format);
  return TEXT_VIEWS.has(format) ? text : (JSON.parse(text) as SearchInternetResult);
}

async function recordProvenance<UserData>(
  collector: PerCall<ProvenanceCollector | undefined, UserData> | undefined,
  ctx: voice.RunContext<UserData>,
  response: SearchResponse,
  limit: number,
  learned: { botName: string; learnedAt: string } | undefined,
  logger: Logger,
): Promise<void> {
  if (collector === undefined) return;
  try {
    const urls = response.results.slice(0, limit).map((r) => r.url);
    const by = learned ? { by: learned.botName, at: learned.learnedAt } : undefined;
    (await resolvePerCall(collector, ctx))?.record(
      provenanceEntry(response.query, response.provider, urls, by),
    );
  } catch (error) {
    logger.warn({ error: describeError(error) }, 'search_internet: provenance not recorded');
  }
}

/**
 * Says where an answer from memory came from, and that its text is quoted from web pages (another bot's
 * search may have read a hostile one): the `{results}` output's `note`, or a first line of a text view.
 */
function withLearnedNote(output: SearchInternetResult, learnedNote: string): SearchInternetResult {
  const note = `${learnedNote}. ${RECALLED_CONTENT_NOTICE}`;
  if (typeof output === 'string') return `${note}\n${output}`;
  if ('results' in output && Array.isArray(output.results) && !('type' in output)) {
    return { ...(output as SearchToolOutput), note };
  }
  return output;
}

/**
 * Today's date beside a JSON output, so a companion's model can tell how old what it reads is (002 §9).
 * The text views (`model`, `xml`) carry it in their header already.
 */
function withToday(output: SearchInternetResult): SearchInternetResult {
  if (typeof output === 'string' || Array.isArray(output)) return output;
  return { ...output, today: new Date().toISOString().slice(0, 10) } as unknown as SearchInternetResult;
}

/**
 * Creates the `search_internet` tool for LiveKit Agents. Register it under `SEARCH_TOOL_NAME`:
 * `new voice.Agent({ instructions, tools: { search_internet: createSearchInternetTool({ client }) } })`.
 *
 * Failures come back as `{ results: [], error }` rather than exceptions, so the model can tell the user
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
  const { client, publisher } = options;
  const format = checkFormat(options.format ?? 'results', options.logger);
  const types = options.typeArgument ? checkSearchType(client) : undefined;
  const turnBudget = options.turnBudget ?? new TurnBudget();
  // A companion set-up (memory or a trust policy) answers from what was learned days ago: its model is
  // told today's date in every output.
  const dated =
    options.memory !== undefined || options.policy !== undefined ? withToday : (o: SearchInternetResult) => o;
  const fail = (query: string, message: string, code: string) =>
    dated(failureOutput(format, query, message, code));

  return llm.tool<UserData, typeof searchInternetParameters, SearchInternetResult>({
    description: options.description ?? SEARCH_TOOL_DESCRIPTION,
    parameters: toolParameters(format, types),
    execute: async (args, { ctx, abortSignal }) => {
      const logger = options.logger ?? frameworkLogger();
      const query = args.query.trim();
      if (query === '') return fail(query, EMPTY_QUERY_ERROR, 'invalid_request');

      // A failing lookup (a trust score, an id) falls back to the defaults rather than failing the search.
      let limit = clampLimit(
        await resolvePerCall(options.maxResultsLimit, ctx).catch((error: unknown) => {
          logger.warn({ error: describeError(error) }, 'search_internet: maxResultsLimit failed; using 5');
          return SAFE_DEFAULT_POLICY.maxResults;
        }),
      );
      const policy =
        options.policy === undefined ? undefined : await resolvePolicy(options.policy, ctx, logger);
      if (policy) limit = Math.min(limit, policy.maxResults);
      const userId =
        options.userId === undefined
          ? participantIdentity(ctx)
          : await resolvePerCall(options.userId, ctx).catch((error: unknown) => {
              logger.warn(
                { error: describeError(error) },
                'search_internet: userId failed; searching without one',
              );
              return undefined;
            });

      const request: SearchRequestInput = { query, mode: normalizeMode(args.mode) };
      // Unset max_results leaves the client's default (WEB_SEARCH_MAX_RESULTS); the output is cut to `limit`.
      const count = args.max_results ?? (args as { num_results?: unknown }).num_results;
      if (count !== null && count !== undefined) {
        request.maxResults = Math.min(normalizeMaxResults(count), limit);
      }
      const timeRange = normalizeTimeRange(args.timelimit);
      if (timeRange) request.timeRange = timeRange;
      if (types) {
        const typed = searchTypeProfile((args as { type?: unknown }).type, types);
        if ('error' in typed) return fail(query, typed.error, 'invalid_request');
        if (typed.profile) request.profile = typed.profile;
      }
      // Counted once the request is known to be valid: a malformed call does not use up the turn.
      if (policy && !turnBudget.take(ctx as voice.RunContext<unknown>, policy.followUps)) {
        return fail(query, FOLLOW_UP_REFUSAL, 'follow_up_limit');
      }

      await publishLoadingStatus(publisher, loadingStatus(args.loading_message), ctx, logger);

      try {
        const { response, learned } = await runSearchStep(request, {
          client,
          policy,
          memory: options.memory,
          memoryMaxAgeMs: options.memoryMaxAgeMs,
          signal: abortSignal,
          userId,
          logger,
        });
        logger.debug(
          { mode: response.mode, results: response.results.length, provider: response.provider },
          'search_internet answered',
        );
        await recordProvenance(options.provenance, ctx, response, limit, learned, logger);
        // The tool says where a recalled answer came from itself (`withLearnedNote`), once, in every format.
        const { learned: _saidBelow, ...rendered } = response;
        const output = formatOutput(rendered, format, limit);
        return dated(learned ? withLearnedNote(output, learned.note) : output);
      } catch (error) {
        if (abortSignal.aborted) return fail(query, CANCELLED_ERROR, 'cancelled');
        logger.warn(
          isSearchError(error)
            ? { code: error.code, provider: error.provider, message: error.message, mode: request.mode }
            : { code: 'unexpected', error: describeError(error), mode: request.mode },
          'search_internet failed',
        );
        const code = isSearchError(error) ? error.code : 'unexpected';
        // The agent-server envelope keeps the shared sentence: its error_type says "blocked" already.
        const message = format === 'agent-server' ? errorMessage(error) : resultsErrorMessage(error);
        return fail(query, message, code);
      }
    },
  }) as llm.AnonFunctionTool<SearchInternetArgs, UserData, SearchInternetResult>;
}
