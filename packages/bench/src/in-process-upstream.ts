import {
  httpStatusError,
  type ProviderResponse,
  SearchError,
  type SearchProvider,
  type SearchRequest,
} from '@agent-search/core';
import { seededRandom } from '@agent-search/testing/simulator';

/** What one request to an in-process upstream met. */
export type UpstreamOutcome = 'answered' | 'unavailable' | 'provider_error' | 'rate_limited' | 'hang';

/** One request as the upstream itself saw it. */
export interface UpstreamRequest {
  /** performance.now() when the request arrived. */
  at: number;
  query: string;
  outcome: UpstreamOutcome;
}

/**
 * Decides what a request meets. `draw` is the request's own uniform number in [0, 1): fixed by the seed,
 * the upstream's id, the query and how many times this upstream has seen that query, so every contender
 * sending the same query meets the same fault. `at` is when it arrived (performance.now()).
 */
export type FaultRule = (draw: number, at: number) => Exclude<UpstreamOutcome, 'answered'> | undefined;

export interface InProcessUpstreamOptions {
  /** Provider id, also its name in messages ("primary" → "Primary"). */
  id: string;
  seed: number;
  /** Latency of every answer, errors included: uniform in [min, max] ms. */
  latencyMs: readonly [number, number];
  fault?: FaultRule;
}

export interface InProcessUpstream {
  provider: SearchProvider;
  /** Every request received, in arrival order. */
  readonly log: readonly UpstreamRequest[];
}

/** Fails a request with `outcome` at `rate`, independently of every other request. */
export function faultAtRate(outcome: Exclude<UpstreamOutcome, 'answered'>, rate: number): FaultRule {
  return (draw) => (draw < rate ? outcome : undefined);
}

/**
 * A quota of `perSecond` requests in each second since the upstream's first request: past it, 429 without
 * Retry-After, as an API whose limit resets every second but does not say when.
 */
export function perSecondQuota(perSecond: number): FaultRule {
  let windowStart = Number.NaN;
  let used = 0;
  return (_draw, at) => {
    if (Number.isNaN(windowStart)) windowStart = at;
    if (at - windowStart >= 1_000) {
      windowStart += Math.floor((at - windowStart) / 1_000) * 1_000;
      used = 0;
    }
    used++;
    return used > perSecond ? 'rate_limited' : undefined;
  };
}

/** FNV-1a: a string's 32-bit hash, to seed one request's draws. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts (as fetch does). */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** A request the upstream never answers: only the caller's signal ends it. */
function hangUntilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** The error a provider throws for `outcome`, built as our HTTP providers build theirs. */
function upstreamError(outcome: 'unavailable' | 'provider_error' | 'rate_limited', id: string, name: string) {
  switch (outcome) {
    case 'unavailable':
      return httpStatusError({
        provider: id,
        name,
        status: 503,
        body: '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>',
      });
    case 'rate_limited':
      // No Retry-After: the upstream does not say how long to wait.
      return httpStatusError({
        provider: id,
        name,
        status: 429,
        headers: new Headers(),
        body: 'Too Many Requests',
      });
    case 'provider_error':
      return new SearchError('provider_error', `${name} sent a malformed response (not JSON)`, {
        provider: id,
        status: 200,
      });
  }
}

/**
 * A search upstream in this process, behind a plain `SearchProvider`: it answers after a seeded latency or
 * meets the fault its rule draws, and logs every request it receives, so a run can count what the upstream
 * itself saw (over-quota requests, calls) rather than what the client reports.
 */
export function inProcessUpstream(options: InProcessUpstreamOptions): InProcessUpstream {
  const { id, seed, fault } = options;
  const [minMs, maxMs] = options.latencyMs;
  const name = id.charAt(0).toUpperCase() + id.slice(1);
  const log: UpstreamRequest[] = [];
  const seen = new Map<string, number>();
  const provider: SearchProvider = {
    specificationVersion: 'v1',
    id,
    name,
    configured: true,
    capabilities: {
      modes: ['text', 'news'],
      timeRange: true,
      domainFilter: 'native',
      safeSearch: true,
      region: true,
      requiresApiKey: false,
    },
    async search(request: SearchRequest, { signal }): Promise<ProviderResponse> {
      const at = performance.now();
      const nth = seen.get(request.query) ?? 0;
      seen.set(request.query, nth + 1);
      const random = seededRandom(hash(`${seed}\u0000${id}\u0000${nth}\u0000${request.query}`));
      const outcome = fault?.(random(), at) ?? 'answered';
      log.push({ at, query: request.query, outcome });
      if (outcome === 'hang') return hangUntilAborted(signal);
      await wait(minMs + random() * (maxMs - minMs), signal);
      if (outcome !== 'answered') throw upstreamError(outcome, id, name);
      return {
        results: [1, 2, 3].map((n) => ({
          title: `${request.query}: ${name} result ${n}`,
          url: `https://${id}.example.com/${n}?q=${encodeURIComponent(request.query)}`,
          snippet: `Result ${n} for ${request.query}, as ${name} ranks it.`,
        })),
      };
    },
  };
  return { provider, log };
}
