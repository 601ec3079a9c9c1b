import { SEARCH_ERROR_CODES } from '../error-codes.ts';
import { MAX_WAIT_MS, type ProviderHealth } from './breaker.ts';
import type { HedgeUsage } from './hedge-budget.ts';

/**
 * The absolute bounds of a fleet's shared chain state. Whoever can write the store (a bug, a buggy
 * upstream's header, anyone with access to the Redis) can at worst delay a provider for `maxWaitMs` after
 * the entry was written: every wait and open time is bounded relative to the entry's write time (not to
 * when it is read, which would renew the bound at every read), an entry past its bound is ignored (and a
 * store drops it), and anything out of range makes the whole entry ignored. The Redis store applies the same
 * numbers on the server (`@agent-search/cache`'s `createRedisChainState`).
 */
export const SHARED_STATE_BOUNDS = {
  /** Longest wait or open time an entry can impose, counted from its write. */
  maxWaitMs: MAX_WAIT_MS,
  /** How far an entry's write time may be ahead of a reader's clock (clocks in a fleet differ a little). */
  clockSkewMs: 60_000,
  /** Largest entry, in characters: anything longer was not written by a chain, and is not read. */
  maxEntryChars: 2_048,
  /** Longest a fleet trial's lease may be held (the longest attempt); a lease without expiry is void. */
  maxTrialMs: 120_000,
  /** Searches one hedge bucket (five minutes) can count: about 330 a second across a fleet. */
  maxBucketSearches: 100_000,
  /** Failures in a row an entry may carry. */
  maxFailures: 1_000,
  /** Openings in a row an entry may carry (the open time doubles with each, up to its maximum). */
  maxOpenings: 32,
} as const;

// The fleet's hedge counts cover two buckets (the current and the last).
const MAX_FLEET_SEARCHES = 2 * SHARED_STATE_BOUNDS.maxBucketSearches;
// Longest a suspicion may last (an attempt's longest run).
const MAX_SUSPECT_MS = 120_000;

const STATES: ReadonlySet<unknown> = new Set(['closed', 'open', 'half-open']);
// Times of events: at or before the write. Ends of waits: at most `maxWaitMs` after it.
const EVENT_FIELDS = ['openedAt', 'closedAt'] as const;
const WAIT_FIELDS = ['coolingUntil', 'upstreamUntil'] as const;

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

const isCount = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max;

/**
 * A provider's entry as another process shared it, or undefined when any field is out of its bounds: not
 * an object, a `provider` that is not `provider`, a write time missing, in the future or older than the
 * longest wait, a time that is not a finite number or ends more than the longest wait after the write, a
 * count past what a chain keeps, an unknown state or error code. A bad entry is ignored whole: taking the
 * valid fields of a forged one would still let it open a breaker.
 */
export function readSharedEntry(value: unknown, provider: string, now: number): ProviderHealth | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entry = value as Record<string, unknown>;
  const { maxWaitMs, clockSkewMs, maxFailures, maxOpenings } = SHARED_STATE_BOUNDS;
  if (entry.provider !== provider || !STATES.has(entry.state)) return undefined;
  const writtenAt = entry.writtenAt;
  if (!isTime(writtenAt) || writtenAt > now + clockSkewMs || writtenAt + maxWaitMs <= now) return undefined;
  for (const field of EVENT_FIELDS) {
    const at = entry[field];
    if (at !== undefined && !(isTime(at) && at <= writtenAt)) return undefined;
  }
  for (const field of WAIT_FIELDS) {
    const until = entry[field];
    if (until !== undefined && !(isTime(until) && until <= writtenAt + maxWaitMs)) return undefined;
  }
  const suspect = entry.suspectUntil;
  if (suspect !== undefined && !(isTime(suspect) && suspect <= writtenAt + MAX_SUSPECT_MS)) return undefined;
  if (!isCount(entry.failures, maxFailures)) return undefined;
  if (entry.openings !== undefined && !isCount(entry.openings, maxOpenings)) return undefined;
  const code = entry.lastErrorCode;
  if (code !== undefined && !(SEARCH_ERROR_CODES as readonly unknown[]).includes(code)) return undefined;
  const rate = entry.sendRate;
  if (rate !== undefined && !(typeof rate === 'number' && Number.isFinite(rate) && rate > 0))
    return undefined;
  return entry as unknown as ProviderHealth;
}

/**
 * The fleet's hedge counts within what two buckets can hold: a count past it (a forged `4e15` would make
 * the hedge budget unlimited) is cut to the maximum, the hedges scaled with it so the share holds; hedges
 * never exceed searches. Undefined when the counts are not integers.
 */
export function readFleetUsage(value: unknown): HedgeUsage | undefined {
  const { searches, hedges } = (value ?? {}) as Partial<Record<keyof HedgeUsage, unknown>>;
  if (typeof searches !== 'number' || typeof hedges !== 'number') return undefined;
  if (!Number.isFinite(searches) || !Number.isFinite(hedges)) return undefined;
  const s = Math.max(0, Math.trunc(searches));
  const h = Math.max(0, Math.trunc(hedges));
  const kept = Math.min(s, MAX_FLEET_SEARCHES);
  const scaled = s > kept ? Math.ceil(h * (kept / s)) : h;
  return { searches: kept, hedges: Math.min(scaled, kept) };
}
