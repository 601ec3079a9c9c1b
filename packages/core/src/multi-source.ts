import type { SearchAttempt } from './attempt.ts';
import { aggregateError, type SearchClient, type SearchOptions } from './client.ts';
import { isSearchError, SearchError } from './errors.ts';
import { applyProfile } from './profiles.ts';
import { unsupportedReason } from './provider.ts';
import type { SearchRequest, SearchRequestInput } from './request.ts';
import type { SearchResponse } from './response.ts';
import type { SearchResult } from './result.ts';

/** A result several providers may have returned: `providers` lists each of them, best-ranked first. */
export interface MergedResult extends SearchResult {
  providers: string[];
}

/** A merged answer: `provider` joins the answering ids with `+`; `providers` lists them. */
export interface MultiSourceResponse extends SearchResponse {
  results: MergedResult[];
  providers: string[];
}

export interface MultiSourceOptions extends SearchOptions {
  /** How many providers to ask at once (2..4). Default 2. */
  sources?: number;
  /**
   * Merge whatever has answered after this many ms and abandon the rest (at least one answer is awaited
   * within the client's own deadline). Default: wait for every provider asked, up to the client's deadline.
   */
  deadlineMs?: number;
}

/** Reciprocal rank fusion's constant: a result's score is the sum of 1 / (k + rank) over the lists. */
export const RRF_K = 60;

const TRACKING_PARAM = /^(utm_.*|fbclid|gclid)$/i;

/**
 * The identity of a URL for merging: scheme, `www.`, fragment, tracking parameters (utm_*, fbclid,
 * gclid) and a trailing slash do not make two results different pages.
 */
export function canonicalUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  const params = [...parsed.searchParams].filter(([name]) => !TRACKING_PARAM.test(name));
  const query = params.length === 0 ? '' : `?${new URLSearchParams(params).toString()}`;
  const port = parsed.port ? `:${parsed.port}` : '';
  return `${host}${port}${parsed.pathname.replace(/\/+$/, '')}${query}`;
}

/**
 * Merges ranked lists by reciprocal rank fusion. Lists are in provider priority order; a result found by
 * several providers keeps the fields of the first that returned it and names them all in `providers`.
 * Ties go to the result ranked best by any list, then to list order.
 */
export function mergeRanked(lists: readonly (readonly SearchResult[])[], k = RRF_K): MergedResult[] {
  const merged = new Map<string, { result: MergedResult; score: number; best: number; order: number }>();
  lists.forEach((list, listIndex) => {
    list.forEach((result, rank) => {
      const key = canonicalUrl(result.url);
      const found = merged.get(key);
      if (found) {
        found.score += 1 / (k + rank + 1);
        found.best = Math.min(found.best, rank);
        if (!found.result.providers.includes(result.provider)) found.result.providers.push(result.provider);
      } else {
        merged.set(key, {
          result: { ...result, providers: [result.provider] },
          score: 1 / (k + rank + 1),
          best: rank,
          order: listIndex,
        });
      }
    });
  });
  return [...merged.values()]
    .sort((a, b) => b.score - a.score || a.best - b.best || a.order - b.order)
    .map((entry) => entry.result);
}

/** The ids of the `count` best providers that can serve the request and are not held back. */
export function eligibleProviders(
  client: Pick<SearchClient, 'normalize' | 'providers' | 'profiles' | 'health'>,
  input: SearchRequestInput,
  count: number,
): string[] {
  const request = client.normalize(input);
  const profile = request.profile ? client.profiles[request.profile] : undefined;
  // A half-open provider is eligible again (the client runs its trial); an open one, or one under an
  // upstream's wait, is not.
  const cooling = new Set(
    client
      .health()
      .filter((h) => h.state === 'open' || h.upstreamUntil !== undefined)
      .map((h) => h.provider),
  );
  return client.providers
    .filter((p) => !cooling.has(p.id))
    .filter((p) => !unsupportedReason(p, profile ? applyProfile(request, profile, p.capabilities) : request))
    .slice(0, count)
    .map((p) => p.id);
}

function clampSources(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return 2;
  return Math.min(4, Math.max(1, Math.trunc(value)));
}

/**
 * Asks the best eligible providers at once (each through `client.search`, so a cache wrapper caches and
 * coalesces every provider's answer on its own) and merges their results by reciprocal rank fusion. One
 * provider failing costs only its results; all failing rejects like a single search would.
 */
export async function searchMultiSource(
  client: MultiSourceClient,
  input: SearchRequestInput,
  options: MultiSourceOptions = {},
): Promise<MultiSourceResponse> {
  const started = Date.now();
  // Validated once: the providers' searches are handed the normalized request and take it as it is.
  const request = client.normalize(input);
  const ids = eligibleProviders(client, request, clampSources(options.sources));
  // None eligible: let the client say why, as a single search would.
  if (ids.length === 0) ids.push(...client.providers.slice(0, 1).map((p) => p.id));
  const { answers, errors } = await fanOut(client, request, ids, options);
  return fuseAnswers(request, ids, answers, errors, started);
}

type MultiSourceClient = Pick<SearchClient, 'search' | 'normalize' | 'providers' | 'profiles' | 'health'>;

/** What the providers' searches came back with: the answers by provider, and the failures. */
interface FanOut {
  answers: Map<string, SearchResponse>;
  errors: SearchError[];
}

/**
 * Searches every provider in `ids` at once, each on its own, and collects what answers by the deadline
 * (with nothing yet, the first answer or the end). Stragglers past it are abandoned; the caller's abort
 * rejects.
 */
async function fanOut(
  client: MultiSourceClient,
  request: SearchRequest,
  ids: readonly string[],
  options: MultiSourceOptions,
): Promise<FanOut> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const collected: FanOut = { answers: new Map(), errors: [] };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let answeredOnce = () => {};
  const firstAnswer = new Promise<void>((resolve) => (answeredOnce = resolve));
  try {
    const searches = ids.map((id) =>
      searchOne(client, request, id, controller.signal, options.userId).then((outcome) => {
        if ('response' in outcome) {
          collected.answers.set(id, outcome.response);
          answeredOnce();
        } else if (outcome.error) collected.errors.push(outcome.error);
      }),
    );
    const all = Promise.all(searches);
    if (options.deadlineMs === undefined) await all;
    else {
      const deadlineMs = options.deadlineMs;
      // Past the deadline, merge what has answered; with nothing yet, wait for the first answer or the end.
      await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, deadlineMs)))]);
      if (collected.answers.size === 0) await Promise.race([all, firstAnswer]);
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
  options.signal?.throwIfAborted();
  // Stragglers past the deadline are abandoned.
  controller.abort();
  return collected;
}

/**
 * One provider's search: its answer, or its failure as a `SearchError` (none when it ended because the
 * fan-out was aborted).
 */
function searchOne(
  client: MultiSourceClient,
  request: SearchRequest,
  id: string,
  signal: AbortSignal,
  userId: string | undefined,
): Promise<{ response: SearchResponse } | { error: SearchError | undefined }> {
  return client
    .search(request, { signal, ...(userId === undefined ? {} : { userId }), providers: [id] })
    .then(
      (response) => ({ response }),
      (error: unknown) => {
        if (isSearchError(error)) return { error };
        if (signal.aborted) return { error: undefined };
        return { error: new SearchError('provider_error', `${id} failed unexpectedly`, { provider: id }) };
      },
    );
}

/** The answers merged by reciprocal rank fusion, in `ids` order; none: one error for every failure. */
function fuseAnswers(
  request: SearchRequest,
  ids: readonly string[],
  answers: Map<string, SearchResponse>,
  errors: SearchError[],
  started: number,
): MultiSourceResponse {
  const answered = ids.filter((id) => answers.has(id));
  if (answered.length === 0) {
    const attempts = errors.flatMap((e) => e.attempts ?? []);
    throw aggregateError(request, attempts, errors);
  }
  const responses = answered.map((id) => answers.get(id)!);
  const results = mergeRanked(responses.map((r) => r.results)).slice(0, request.maxResults);
  const attempts: SearchAttempt[] = [
    ...responses.flatMap((r) => r.attempts),
    ...errors.flatMap((e) => e.attempts ?? []),
  ];
  return {
    query: request.query,
    mode: responses[0]!.mode,
    results,
    provider: answered.join('+'),
    providers: answered,
    cached: responses.every((r) => r.cached),
    ...(responses.some((r) => r.stale) ? { stale: true } : {}),
    searchTimeMs: Date.now() - started,
    totalResults: results.length,
    fetchedAt: responses.map((r) => r.fetchedAt).sort()[0]!,
    attempts,
  };
}
