import type { ProviderHealth } from './breaker.ts';
import type { HedgeUsage } from './hedge-budget.ts';

/** What one process sends the fleet on a sync, and what it gets back. */
export interface ChainStateExchange {
  /** Providers whose breaker changed since the last exchange (openings, closings, upstream waits). */
  providers: ProviderHealth[];
  /** Searches and hedges counted since the last exchange. */
  hedges: HedgeUsage;
}

export interface FleetChainState {
  /**
   * The fleet's view of each provider (later waits and openings win, closings that came later win), each
   * entry stamped with its `writtenAt` and stored under its own provider's id (an entry found under another
   * provider's id is dropped by the store). The client checks every entry against `SHARED_STATE_BOUNDS`.
   */
  providers: ProviderHealth[];
  /** The fleet's searches and hedges over the recent past. */
  hedges: HedgeUsage;
}

/**
 * Where a fleet of processes shares what its chains learn: breaker openings, upstream waits and the hedge
 * budget. `@agent-search/cache` implements it on Redis (`createRedisChainState`); anything else that can merge
 * and lease can too. Every call may fail or be slow: the client bounds each one and goes on with its own state.
 */
export interface ChainStateStore {
  /** Merges `update` into the fleet's state and returns the fleet's state for `ids`. */
  exchange(update: ChainStateExchange, ids: readonly string[]): Promise<FleetChainState>;
  /**
   * Claims the fleet's one trial of a half-open provider for at most `ms`; true when this process has it. A
   * lease is always written with an expiry; one found without (or longer than `maxTrialMs`) counts as expired.
   */
  claimTrial(provider: string, token: string, ms: number): Promise<boolean>;
  /** Gives a claimed trial back. */
  releaseTrial(provider: string, token: string): Promise<void>;
}
