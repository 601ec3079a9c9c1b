import { MAX_RESULTS_LIMIT } from '../request.ts';

/** How the tool searches for one caller. */
export interface SearchPolicy {
  /** Most results the model gets (1..10). */
  maxResults: number;
  /** Whether what the search finds may be kept in the bot's memory. */
  persist: boolean;
  /** Searches allowed in one user turn after the first (0: one search per turn). */
  followUps: number;
  /** Ask several providers at once and merge their results. */
  multiSource: boolean;
}

/**
 * For a caller the app cannot place (no trust level, or the policy callback failed): a standard search,
 * nothing kept, one search per turn. A known stranger gets less (`TRUST_TIERS`).
 */
export const SAFE_DEFAULT_POLICY: Readonly<SearchPolicy> = Object.freeze({
  maxResults: 5,
  persist: false,
  followUps: 0,
  multiSource: false,
});

export interface TrustTier {
  name: 'stranger' | 'acquaintance' | 'friend' | 'close friend' | 'soulmate';
  /** Lowest trust level (0..100) in the tier. */
  minTrust: number;
  policy: Readonly<SearchPolicy>;
}

const tier = (name: TrustTier['name'], minTrust: number, policy: SearchPolicy): TrustTier =>
  Object.freeze({ name, minTrust, policy: Object.freeze(policy) });

/** Trust-gated search depth for companion bots, lowest tier first (docs/companion.md). */
export const TRUST_TIERS: readonly TrustTier[] = Object.freeze([
  tier('stranger', 0, { maxResults: 3, persist: false, followUps: 0, multiSource: false }),
  tier('acquaintance', 20, { maxResults: 5, persist: false, followUps: 0, multiSource: false }),
  tier('friend', 40, { maxResults: 5, persist: true, followUps: 0, multiSource: false }),
  tier('close friend', 60, { maxResults: 8, persist: true, followUps: 2, multiSource: false }),
  tier('soulmate', 80, { maxResults: 10, persist: true, followUps: 4, multiSource: true }),
]);

/** The tier of a trust level (0..100; above 100 is a soulmate), or undefined when it is not a number. */
export function trustTier(trust: unknown): TrustTier | undefined {
  if (typeof trust !== 'number' || !Number.isFinite(trust)) return undefined;
  return [...TRUST_TIERS].reverse().find((t) => trust >= t.minTrust) ?? TRUST_TIERS[0];
}

/** The tier's policy for a trust level; `SAFE_DEFAULT_POLICY` when the level is not a number. */
export function trustTierPolicy(trust: unknown): SearchPolicy {
  return { ...(trustTier(trust)?.policy ?? SAFE_DEFAULT_POLICY) };
}

function count(value: unknown, max: number, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.min(max, Math.max(0, Math.trunc(value)))
    : fallback;
}

/**
 * A policy an app handed over, checked field by field (an app's callback may return anything); anything
 * but an object gives `SAFE_DEFAULT_POLICY`.
 */
export function checkPolicy(value: unknown): SearchPolicy {
  if (typeof value !== 'object' || value === null) return { ...SAFE_DEFAULT_POLICY };
  const p = value as Partial<Record<keyof SearchPolicy, unknown>>;
  return {
    maxResults: Math.max(1, count(p.maxResults, MAX_RESULTS_LIMIT, SAFE_DEFAULT_POLICY.maxResults)),
    persist: p.persist === true,
    followUps: count(p.followUps, 20, 0),
    multiSource: p.multiSource === true,
  };
}

/** What the model reads when a turn has used its searches. */
export const FOLLOW_UP_REFUSAL =
  'no more searches this turn: answer with what you found so far, or ask the user whether to look further';

/**
 * Counts searches per user turn (one reply, tool steps included), so a policy's `followUps` can bound
 * them. A turn is any object the surface has for it (LiveKit's speech handle, an MCP request); share one
 * budget between the tools that should count together.
 */
export class TurnBudget {
  readonly #used = new WeakMap<object, number>();

  /** Takes one search from `turn`; false when `1 + followUps` are used up. */
  take(turn: object, followUps: number): boolean {
    const used = this.#used.get(turn) ?? 0;
    if (used > followUps) return false;
    this.#used.set(turn, used + 1);
    return true;
  }
}
