import type { Span } from '@opentelemetry/api';
import { isAbortError, isSearchError, SearchError, type SearchErrorCode } from './errors.ts';
import { type CooldownOptions, type ProviderHealth, ProviderHealthTracker } from './health.ts';
import { type Logger, silentLogger } from './logger.ts';
import {
  applyProfile,
  BUILT_IN_PROFILES,
  type ProfileSet,
  resolveProfile,
  type SearchProfile,
} from './profiles.ts';
import { type SearchProvider, unsupportedReason } from './provider.ts';
import { normalizeRequest, type SearchRequest, type SearchRequestInput } from './request.ts';
import type { SearchAttempt, SearchResponse } from './response.ts';
import { normalizeResults, urlMatchesDomain } from './result.ts';
import { SPAN_STATUS_ERROR, tracer } from './tracing.ts';

export interface HedgeOptions {
  /** Start the next provider when the running one has not answered after this many ms. */
  delayMs: number;
  /** Share of requests on which a provider may be started as a hedge (0..1), so paid APIs don't double cost. */
  budget?: number;
}

export interface SearchClientOptions {
  /** Providers in priority order: the first that can serve a request is tried first. */
  providers: readonly SearchProvider[];
  /** One deadline for the whole search, every provider included. Default 8000 ms. */
  timeoutMs?: number;
  /** Longest wait for a single provider inside that deadline. Default 4000 ms. */
  attemptTimeoutMs?: number;
  /** Off unless given. */
  hedge?: HedgeOptions;
  /** Results per search when the request does not say (1..10). Default 5. */
  defaultMaxResults?: number;
  /** Search profiles a request may name (`profile: 'regulation'`). Default: the built-in ones. */
  profiles?: ProfileSet;
  cooldown?: CooldownOptions;
  /**
   * Provider health saved from another client (`client.health()`), such as the CLI's previous run:
   * providers still cooling down stay skipped. Entries for providers this client lacks are ignored.
   */
  initialHealth?: readonly ProviderHealth[];
  logger?: Logger;
  /** Clock, for tests. */
  now?: () => number;
}

export interface SearchOptions {
  /** Cancels every request in flight; the search rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Who is asking, for per-user rate limits. */
  userId?: string;
}

export interface SearchClient {
  search(input: SearchRequestInput, options?: SearchOptions): Promise<SearchResponse>;
  /** Validates a request with this client's defaults (wrappers such as the cache key on the result). */
  normalize(input: unknown): SearchRequest;
  /** The providers in priority order. */
  readonly providers: readonly SearchProvider[];
  /**
   * The search profiles a request may name: the built-ins plus any user-defined ones. Wrappers read them
   * too (the cache takes each profile's TTL class from here).
   */
  readonly profiles: ProfileSet;
  /** Cool-down state of every provider. */
  health(): ProviderHealth[];
}

// Which code best explains a failed search to a person: what they can act on comes first. One provider
// refusing a request another could not even reach is that provider's limit, not the caller's mistake, so
// `invalid_request` wins only when no other code is there.
const CODE_PRIORITY: SearchErrorCode[] = [
  'rate_limited',
  'quota_exceeded',
  'unauthorized',
  'blocked',
  'timeout',
  'unavailable',
  'provider_error',
  'invalid_request',
  'no_provider',
];

// Failures that outlast a cool-down: such a provider is not probed as a last resort.
const LASTING: ReadonlySet<SearchErrorCode> = new Set(['unauthorized', 'quota_exceeded']);

function toSearchError(error: unknown, provider: string, timedOut: boolean): SearchError {
  if (isSearchError(error)) return error;
  if (timedOut || (isAbortError(error) && (error as Error).name === 'TimeoutError')) {
    return new SearchError('timeout', `${provider} did not answer in time`, { provider });
  }
  // Unknown errors keep only their class name in the message: upstream text may carry secrets.
  const kind = error instanceof Error ? error.name : typeof error;
  return new SearchError('provider_error', `${provider} failed unexpectedly (${kind})`, {
    provider,
    cause: error,
  });
}

function filterByDomains(request: SearchRequest, response: ReturnType<typeof normalizeResults>) {
  return response.filter(
    (r) =>
      (request.includeDomains.length === 0 ||
        request.includeDomains.some((d) => urlMatchesDomain(r.url, d))) &&
      !request.excludeDomains.some((d) => urlMatchesDomain(r.url, d)),
  );
}

export function aggregateError(
  request: SearchRequest,
  attempts: SearchAttempt[],
  errors: SearchError[],
): SearchError {
  if (errors.length === 0) {
    const reasons = attempts.map((a) => `${a.provider}: ${a.reason ?? a.outcome}`).join('; ');
    return new SearchError(
      'no_provider',
      `No search provider can serve this ${request.mode} search${reasons ? ` (${reasons})` : ''}`,
      { attempts, retryable: false },
    );
  }
  const best = [...errors].sort((a, b) => CODE_PRIORITY.indexOf(a.code) - CODE_PRIORITY.indexOf(b.code))[0]!;
  const message =
    errors.length === 1
      ? best.message
      : `Every search provider failed; ${best.provider ?? 'one'}: ${best.message}`;
  return new SearchError(best.code, message, {
    provider: best.provider,
    retryAfterMs: best.retryAfterMs,
    status: best.status,
    retryable: errors.some((e) => e.retryable),
    cause: best,
    attempts,
  });
}

/**
 * The single entry point: validates the request, then asks providers in priority order inside one
 * deadline, failing over on errors, cooling failing providers down and (optionally) hedging slow ones.
 */
export function createSearchClient(options: SearchClientOptions): SearchClient {
  const providers = [...options.providers];
  const ids = new Set<string>();
  for (const p of providers) {
    if (ids.has(p.id)) throw new TypeError(`Provider "${p.id}" is listed twice`);
    ids.add(p.id);
  }
  const timeoutMs = options.timeoutMs ?? 8_000;
  const attemptTimeoutMs = Math.min(options.attemptTimeoutMs ?? 4_000, timeoutMs);
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? Date.now;
  const profiles = options.profiles ?? BUILT_IN_PROFILES;
  const health = new ProviderHealthTracker(options.cooldown, now);
  for (const saved of options.initialHealth ?? []) {
    if (typeof saved === 'object' && saved !== null && ids.has(saved.provider)) health.restore(saved);
  }
  const hedgeCount = new Map<string, number>();
  let requestCount = 0;

  function hedgeAllowed(id: string): boolean {
    const budget = options.hedge?.budget ?? 0.1;
    return (hedgeCount.get(id) ?? 0) < budget * requestCount + 1;
  }

  async function run(
    request: SearchRequest,
    profile: SearchProfile | undefined,
    signal: AbortSignal | undefined,
    span: Span,
  ): Promise<SearchResponse> {
    requestCount++;
    const started = now();
    const attempts: SearchAttempt[] = [];
    const errors: SearchError[] = [];
    const queue: SearchProvider[] = [];
    const cooling: SearchProvider[] = [];
    // What each provider is asked: the request with the profile applied the way that provider can take it.
    const asked = new Map<string, SearchRequest>();
    for (const provider of providers) {
      const forProvider = profile ? applyProfile(request, profile, provider.capabilities) : request;
      const reason = unsupportedReason(provider, forProvider);
      if (reason) attempts.push({ provider: provider.id, outcome: 'skipped', reason, ms: 0 });
      else {
        queue.push(provider);
        asked.set(provider.id, forProvider);
      }
    }
    if (queue.length === 0) throw aggregateError(request, attempts, errors);
    // Page text is asked for when snippets are not enough: the providers that have it go first (a stable
    // sort keeps the configured order among them), the others stay as fallbacks.
    if (request.includeContent) {
      queue.sort(
        (a, b) => Number(b.capabilities.pageContent === true) - Number(a.capabilities.pageContent === true),
      );
    }

    return new Promise<SearchResponse>((resolve, reject) => {
      const running = new Map<string, { controller: AbortController; started: number }>();
      let settled = false;
      let hedgeTimer: ReturnType<typeof setTimeout> | undefined;
      let lastResortUsed = false;

      const finish = (outcome: { response?: SearchResponse; error?: unknown }) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        clearTimeout(hedgeTimer);
        signal?.removeEventListener('abort', onAbort);
        for (const [id, run] of running) {
          run.controller.abort();
          health.release(id);
          attempts.push({
            provider: id,
            outcome: 'aborted',
            reason: 'another provider answered',
            ms: now() - run.started,
          });
        }
        running.clear();
        if (outcome.response) resolve(outcome.response);
        else reject(outcome.error);
      };

      const onAbort = () =>
        finish({ error: signal?.reason ?? new DOMException('The search was aborted', 'AbortError') });
      signal?.addEventListener('abort', onAbort, { once: true });

      const deadline = setTimeout(() => {
        for (const id of running.keys()) {
          errors.push(
            new SearchError('timeout', `${id} did not answer within the ${timeoutMs} ms deadline`, {
              provider: id,
            }),
          );
        }
        finish({ error: aggregateError(request, attempts, errors) });
      }, timeoutMs);

      const scheduleHedge = () => {
        clearTimeout(hedgeTimer);
        if (!options.hedge) return;
        hedgeTimer = setTimeout(() => {
          if (!settled && running.size > 0) startNext(true);
        }, options.hedge.delayMs);
      };

      const launch = (provider: SearchProvider, asHedge: boolean) => {
        const sent = asked.get(provider.id) ?? request;
        const controller = new AbortController();
        const attemptStart = now();
        const remaining = timeoutMs - (attemptStart - started);
        const limit = Math.max(1, Math.min(attemptTimeoutMs, remaining));
        let timedOut = false;
        const timer = setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException(`${provider.id} timed out`, 'TimeoutError'));
        }, limit);
        running.set(provider.id, { controller, started: attemptStart });
        if (asHedge) hedgeCount.set(provider.id, (hedgeCount.get(provider.id) ?? 0) + 1);
        logger.debug({ provider: provider.id, hedge: asHedge, timeoutMs: limit }, 'search attempt');
        const attemptSpan = tracer.startSpan('agent-search.attempt', {
          attributes: {
            'search.provider': provider.id,
            'search.mode': sent.mode,
            'search.hedge': asHedge,
          },
        });

        provider
          .search(sent, { signal: controller.signal })
          .then(
            (answer) => {
              if (settled || !running.has(provider.id)) return;
              running.delete(provider.id);
              const ms = now() - attemptStart;
              health.succeeded(provider.id);
              const results = filterByDomains(
                sent,
                normalizeResults(answer?.results ?? [], provider.id, sent.mode),
              );
              attempts.push({ provider: provider.id, outcome: 'success', ms });
              attemptSpan.setAttributes({ 'search.outcome': 'success', 'search.results': results.length });
              const limited = results.slice(0, request.maxResults);
              finish({
                response: {
                  query: request.query,
                  mode: sent.mode,
                  results: limited,
                  provider: provider.id,
                  cached: false,
                  searchTimeMs: now() - started,
                  totalResults: Math.max(limited.length, answer?.totalResults ?? 0),
                  fetchedAt: new Date(now()).toISOString(),
                  attempts,
                },
              });
            },
            (thrown: unknown) => {
              if (settled || !running.has(provider.id)) return;
              running.delete(provider.id);
              const ms = now() - attemptStart;
              const error = toSearchError(thrown, provider.id, timedOut);
              errors.push(error);
              attempts.push({
                provider: provider.id,
                outcome: 'error',
                code: error.code,
                reason: error.message,
                ms,
              });
              const cooldownMs = health.failed(provider.id, error);
              attemptSpan.setAttributes({ 'search.outcome': 'error', 'search.error_code': error.code });
              attemptSpan.setStatus({ code: SPAN_STATUS_ERROR, message: error.code });
              logger.warn(
                { provider: provider.id, code: error.code, ms, cooldownMs },
                cooldownMs > 0
                  ? `${provider.name} failed (${error.code}); cooling down`
                  : `${provider.name} failed (${error.code})`,
              );
              if (running.size === 0 && !startNext(false))
                finish({ error: aggregateError(request, attempts, errors) });
            },
          )
          .finally(() => {
            clearTimeout(timer);
            attemptSpan.setAttribute('search.latency_ms', now() - attemptStart);
            attemptSpan.end();
          });
        scheduleHedge();
      };

      /** Starts the next usable provider; false when none is left. */
      const startNext = (asHedge: boolean): boolean => {
        while (queue.length > 0) {
          const provider = queue[0]!;
          if (asHedge && !hedgeAllowed(provider.id)) return false;
          queue.shift();
          if (!health.tryAcquire(provider.id)) {
            cooling.push(provider);
            attempts.push({ provider: provider.id, outcome: 'skipped', reason: 'cooling down', ms: 0 });
            continue;
          }
          if (errors.length > 0 || asHedge) {
            logger.info(
              { provider: provider.id, hedge: asHedge },
              asHedge ? 'hedging with next provider' : 'failing over',
            );
          }
          launch(provider, asHedge);
          return true;
        }
        // Every remaining provider is cooling down. Rather than fail without trying, probe the one whose
        // cool-down ends first, once per search. Not one whose key or quota failed: that will not heal soon.
        const candidates = cooling.filter(
          (p) => !LASTING.has(health.snapshot(p.id).lastErrorCode ?? 'timeout'),
        );
        if (candidates.length > 0 && running.size === 0 && !lastResortUsed) {
          lastResortUsed = true;
          candidates.sort((a, b) => health.coolingUntil(a.id) - health.coolingUntil(b.id));
          const first = candidates[0]!;
          cooling.splice(cooling.indexOf(first), 1);
          // It was reported as skipped when deferred; now it is tried after all.
          attempts.splice(
            attempts.findIndex((a) => a.provider === first.id && a.outcome === 'skipped'),
            1,
          );
          health.forceProbe(first.id);
          launch(first, false);
          return true;
        }
        cooling.length = 0;
        return false;
      };

      if (signal?.aborted) onAbort();
      else startNext(false);
    }).then(
      (response) => {
        span.setAttributes({
          'search.provider': response.provider,
          'search.results': response.results.length,
        });
        return response;
      },
      (error: unknown) => {
        span.setStatus({
          code: SPAN_STATUS_ERROR,
          message: isSearchError(error) ? error.code : 'aborted',
        });
        throw error;
      },
    );
  }

  /** Validates a request, its profile name included, so wrappers (cache, limits) reject it before any work. */
  function normalize(input: unknown): SearchRequest {
    const request = normalizeRequest(input, { maxResults: options.defaultMaxResults });
    if (request.profile) resolveProfile(request.profile, profiles);
    return request;
  }

  return {
    providers,
    profiles,
    health: () => providers.map((p) => health.snapshot(p.id)),
    normalize,
    async search(input, searchOptions = {}) {
      const request = normalize(input);
      // normalize() checked the name.
      const profile = request.profile ? profiles[request.profile] : undefined;
      return tracer.startActiveSpan(
        'agent-search.search',
        { attributes: { 'search.mode': request.mode, 'search.profile': request.profile ?? '' } },
        (span) => run(request, profile, searchOptions.signal, span).finally(() => span.end()),
      );
    },
  };
}
