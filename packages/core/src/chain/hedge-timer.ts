import type { Attempt, ChainState } from './attempt.ts';
import type { CandidateQueue } from './candidate-queue.ts';
import type { ChainTimes } from './chain-times.ts';

// A hedge earlier than this is noise, not a slow provider.
export const MIN_HEDGE_DELAY_MS = 50;

type HedgeTimes = NonNullable<ChainTimes['hedge']>;

/**
 * When a running attempt is hedged: the fixed delay, or adaptive: its provider's percentile the budget pays
 * for, but never later than the first delay (a provider whose tail is seconds long is hedged at that point
 * on more searches, and the budget bounds what that costs), nor earlier than noise.
 */
export function hedgeDelayMs(hedge: HedgeTimes, percentileMs: number | undefined): number {
  if (hedge.delayMs !== undefined) return hedge.delayMs;
  return Math.max(MIN_HEDGE_DELAY_MS, Math.min(percentileMs ?? hedge.initialDelayMs, hedge.initialDelayMs));
}

/** What the timer asks of the search it serves. */
export interface HedgeHost {
  /** `attempt` still runs, in a search not yet settled. */
  running(attempt: Attempt): boolean;
  /** Starts a hedge beside the running attempt: true when one started. */
  startHedge(): boolean;
}

/**
 * One search's hedge timer: when its running attempt is still running past its provider's usual time, it
 * is marked overdue and a hedge is asked for; when every provider left is only briefly unfit, it looks
 * again shortly. One timer per search: a new schedule replaces the old.
 */
export class HedgeTimer {
  readonly #state: ChainState;
  readonly #queue: CandidateQueue;
  readonly #host: HedgeHost;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(state: ChainState, queue: CandidateQueue, host: HedgeHost) {
    this.#state = state;
    this.#queue = queue;
    this.#host = host;
  }

  schedule(attempt: Attempt, hedge: HedgeTimes): void {
    const delay = hedgeDelayMs(hedge, this.#state.latency.percentileMs(attempt.id, hedge.percentile));
    if (delay >= attempt.options.limitMs) return; // its timer fails it over first
    this.clear();
    this.#timer = setTimeout(() => this.#due(attempt), delay);
  }

  clear(): void {
    clearTimeout(this.#timer);
  }

  #due(attempt: Attempt): void {
    if (!this.#host.running(attempt)) return;
    if (!attempt.overdue) {
      attempt.overdue = true;
      this.#state.breakers.markOverdue(attempt.id, attempt.started + attempt.options.limitMs);
    }
    // Every provider left is only briefly unfit for a hedge (one of its own attempts is overdue, or it is
    // throttled): look again shortly rather than leave the slowest searches unhedged.
    const later = !this.#queue.someHealthy();
    if (this.#host.startHedge()) attempt.hedged = true;
    else if (later && this.#queue.nextAvailable()) {
      this.#timer = setTimeout(() => this.#due(attempt), MIN_HEDGE_DELAY_MS);
    }
  }
}
