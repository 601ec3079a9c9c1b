import { type RawResult, SearchError } from '@agent-search/core';
import { PROVIDER_ID } from './errors.ts';

/** Where text searches go: the no-JavaScript HTML endpoint, or the `d.js` endpoint (after a vqd token). */
export type DuckDuckGoTextBackend = 'html' | 'djs';

export const BACKEND_NAMES: Record<DuckDuckGoTextBackend, string> = { html: 'HTML endpoint', djs: 'd.js' };

/** How long a failed or stalled backend goes behind the others when its error gives no Retry-After. */
export const SET_ASIDE_MS = 60_000;
// A Retry-After of days would keep a backend second for days: an hour is plenty to try it again.
const MAX_SET_ASIDE_MS = 3_600_000;

interface SetAside {
  until: number;
  since: number;
}

/**
 * Which text backend a search starts with: the configured order, except that a backend that failed or
 * stalled recently goes behind the others until its time is up, so the next search starts with the
 * backend that answered. Only an answer to a request started after the failure puts it back in front.
 */
export class TextBackendOrder {
  readonly #configured: readonly DuckDuckGoTextBackend[];
  readonly #now: () => number;
  readonly #setAside = new Map<DuckDuckGoTextBackend, SetAside>();

  constructor(configured: readonly DuckDuckGoTextBackend[], now: () => number = Date.now) {
    this.#configured = configured;
    this.#now = now;
  }

  /** The backends in the order the next search tries them. */
  current(): DuckDuckGoTextBackend[] {
    const now = this.#now();
    const until = (backend: DuckDuckGoTextBackend) => this.#setAside.get(backend)?.until ?? 0;
    const ready = this.#configured.filter((backend) => until(backend) <= now);
    const waiting = this.#configured.filter((backend) => until(backend) > now);
    return [...ready, ...waiting.sort((a, b) => until(a) - until(b))];
  }

  answered(backend: DuckDuckGoTextBackend, startedAt: number): void {
    const aside = this.#setAside.get(backend);
    if (aside && startedAt >= aside.since) this.#setAside.delete(backend);
  }

  setAside(backend: DuckDuckGoTextBackend, ms: number = SET_ASIDE_MS): void {
    const now = this.#now();
    const length = Math.min(Math.max(ms, SET_ASIDE_MS), MAX_SET_ASIDE_MS);
    this.#setAside.set(backend, { since: now, until: now + length });
  }
}

/** When every text backend failed: the first backend's error, naming what the others hit. */
function allBackendsFailed(failures: { backend: DuckDuckGoTextBackend; error: SearchError }[]): SearchError {
  const [first, ...rest] = failures;
  if (!first) throw new TypeError('no backend was tried');
  if (rest.length === 0) return first.error;
  const others = rest.map((f) => `${BACKEND_NAMES[f.backend]}: ${f.error.code}`).join(', ');
  return new SearchError(first.error.code, `${first.error.message} (fallback ${others})`, {
    provider: PROVIDER_ID,
    status: first.error.status,
    retryAfterMs: first.error.retryAfterMs,
    cause: first.error,
  });
}

export interface TextBackendRace {
  order: TextBackendOrder;
  /** One backend's search; it must reject promptly when `signal` aborts. */
  run: (backend: DuckDuckGoTextBackend, signal: AbortSignal) => Promise<RawResult[]>;
  /** The attempt's signal: when it aborts, every backend is aborted and the race rejects with its reason. */
  signal: AbortSignal;
  /** How long a backend has the search to itself before the next one starts beside it. */
  handoverMs: number;
  now?: () => number;
}

/**
 * One text search over the backends, inside the attempt's time: the first backend starts; when it fails
 * the next starts at once, and when it has not answered after `handoverMs` the next starts beside it
 * (the first keeps its chance to answer). The first answer wins and the others are aborted. Failures,
 * and backends still running past their share when another answered or the attempt ended, are set
 * aside in `order` so the next search starts with the backend that works.
 */
export function raceTextBackends(race: TextBackendRace): Promise<RawResult[]> {
  const { order, run, signal, handoverMs } = race;
  const now = race.now ?? Date.now;
  const backends = order.current();
  const rank = (backend: DuckDuckGoTextBackend) => backends.indexOf(backend);

  return new Promise<RawResult[]>((resolve, reject) => {
    const running = new Map<DuckDuckGoTextBackend, { controller: AbortController; startedAt: number }>();
    const failures: { backend: DuckDuckGoTextBackend; error: SearchError }[] = [];
    let next = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;

    const setAsideStalled = () => {
      for (const [backend, { startedAt }] of running) {
        if (now() - startedAt >= handoverMs) order.setAside(backend);
      }
    };
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      for (const { controller } of running.values()) {
        controller.abort(new DOMException('Another DuckDuckGo backend settled the search', 'AbortError'));
      }
      running.clear();
      settle();
    };
    const onAbort = () => {
      setAsideStalled();
      finish(() => reject(signal.reason));
    };

    const startNext = () => {
      clearTimeout(timer);
      const backend = backends[next++];
      if (backend === undefined) {
        if (running.size === 0) {
          failures.sort((a, b) => rank(a.backend) - rank(b.backend));
          finish(() => reject(allBackendsFailed(failures)));
        }
        return;
      }
      const controller = new AbortController();
      const startedAt = now();
      running.set(backend, { controller, startedAt });
      run(backend, AbortSignal.any([signal, controller.signal])).then(
        (results) => {
          if (done) return;
          running.delete(backend);
          order.answered(backend, startedAt);
          setAsideStalled();
          finish(() => resolve(results));
        },
        (error: unknown) => {
          if (done) return;
          running.delete(backend);
          // Both backends throw only SearchErrors; anything else is a bug worth surfacing as is.
          if (!SearchError.is(error)) return finish(() => reject(error));
          failures.push({ backend, error });
          order.setAside(backend, error.retryAfterMs);
          startNext();
        },
      );
      if (next < backends.length) timer = setTimeout(startNext, handoverMs);
    };

    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    startNext();
  });
}
