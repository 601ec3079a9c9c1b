import { SearchError } from './errors.ts';

/**
 * A search's one deadline: an absolute time, fixed once by the outermost layer that sees the search (the
 * answer cache, the global limit or the client, whichever is on top) and read by every layer under it, down
 * to the chain. Waits on the way (another worker's refresh, the global queue, the fleet's state) come out
 * of it; no layer starts the clock again.
 */
export interface SearchDeadline {
  /** The whole deadline in ms, as the layer that fixed it was given it (for messages). */
  readonly ms: number;
  /** When the search ends, on the clock of the layer that fixed it. */
  readonly at: number;
  /** Ms left, on that same clock: zero or less once it has passed. */
  left(): number;
}

// A search's deadline travels on its signal: every layer already passes the signal down, and a signal is
// made per search (below), so a deadline never reaches another search by way of a caller's shared signal.
// A WeakMap rather than a property, so options stay plain data and the carrier is collected with its search.
const carried = new WeakMap<AbortSignal, SearchDeadline>();

/** A deadline `ms` from now on `now`'s clock. */
export function startDeadline(ms: number, now: () => number = Date.now): SearchDeadline {
  const at = now() + ms;
  return { ms, at, left: () => at - now() };
}

/** The deadline a layer above fixed for the search with this signal, if any. */
export function deadlineOf(signal: AbortSignal | undefined): SearchDeadline | undefined {
  return signal === undefined ? undefined : carried.get(signal);
}

/**
 * A signal of its own for one search that carries `deadline` to the layers under it and aborts when
 * `signal` (the caller's) does, with its reason.
 */
export function carryDeadline(signal: AbortSignal | undefined, deadline: SearchDeadline): AbortSignal {
  if (signal !== undefined && carried.get(signal) === deadline) return signal;
  const carrier = signal === undefined ? new AbortController().signal : AbortSignal.any([signal]);
  carried.set(carrier, deadline);
  return carrier;
}

/** How a layer reads a search's deadline: the caller's options and the wrapped client's own default. */
export interface DeadlineSource {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

/**
 * The search's one deadline: the one a layer above fixed (carried by its signal), else one fixed now from
 * the caller's `timeoutMs`, else from `defaultMs` (the wrapped client's). Undefined when nobody set any.
 */
export function searchDeadline(
  options: DeadlineSource,
  defaultMs: number | undefined,
  now: () => number = Date.now,
): SearchDeadline | undefined {
  const fixed = deadlineOf(options.signal);
  if (fixed) return fixed;
  const ms = options.timeoutMs ?? defaultMs;
  return ms === undefined ? undefined : startDeadline(ms, now);
}

/**
 * Throws the deadline's `timeout` when it has passed, saying where the search was (`where`, such as
 * "waiting for its turn"); else returns the ms left.
 */
export function timeLeft(deadline: SearchDeadline, where: string): number {
  const left = deadline.left();
  if (left <= 0) {
    throw new SearchError('timeout', `The search used its ${deadline.ms} ms deadline ${where}`);
  }
  return left;
}
