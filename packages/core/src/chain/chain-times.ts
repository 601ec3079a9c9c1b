/** How the chain spends a search's time. */
export interface ChainTimes {
  /** The whole search. */
  timeoutMs: number;
  /** One provider. */
  attemptTimeoutMs: number;
  /** Least time kept for the next provider while one remains (more when its usual tail is longer). */
  reserveMs: number;
  /**
   * Hedging: a fixed delay, or adaptive (the running provider's `percentile` of its recent times,
   * `initialDelayMs` until known).
   */
  hedge: { delayMs: number | undefined; initialDelayMs: number; percentile: number } | undefined;
}

/** An attempt's time: what `AttemptOptions` takes. */
export interface AttemptLimit {
  limitMs: number;
  /** The limit is what is left of the search's deadline. */
  byDeadline: boolean;
  /** The latest a late timer may push it back to. */
  graceUntil: number;
}

/**
 * An attempt's limit: the attempt timeout within what is left of the deadline, leaving the next provider
 * (when one remains, with its usual tail if known) room: that tail and a quarter, at least `reserveMs`,
 * never more than half. A late timer may push it back to the deadline less that room, never into it
 * (`graceUntil`).
 */
export function attemptLimit(
  times: ChainTimes,
  clock: { now: number; deadlineAt: number },
  next: { tailMs: number | undefined } | undefined,
): AttemptLimit {
  const { now, deadlineAt } = clock;
  const remaining = deadlineAt - now;
  let limit = Math.min(times.attemptTimeoutMs, remaining);
  let latest = remaining;
  if (next) {
    const reserve = Math.max(times.reserveMs, 1.25 * (next.tailMs ?? 0));
    latest = Math.max(remaining - reserve, remaining / 2);
    limit = Math.min(limit, latest);
  }
  return { limitMs: Math.max(1, limit), byDeadline: limit >= remaining, graceUntil: now + latest };
}
