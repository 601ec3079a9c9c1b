import { formatUsd } from '../cost-note.ts';
import { readNumber } from '../env.ts';
import { SearchError } from '../errors.ts';
import type { Env } from '../provider.ts';
import { MemorySpendStore, type SpendCounter, type SpendStore } from './spend-store.ts';

export interface SpendBudgetOptions {
  /** US dollars the searches may spend per UTC day (SEARCH_BUDGET_USD). */
  dailyUsd?: number;
  /** US dollars per UTC calendar month (SEARCH_BUDGET_MONTHLY_USD). */
  monthlyUsd?: number;
  /**
   * The share of each limit that requests beyond a search's own may spend: hedges beside a slow provider and
   * a half-open provider's trial (0..1). Default 0.1, as the hedge budget's share of searches.
   */
  extraShare?: number;
  /** Where spend is counted: this process (default) or a fleet's Redis (`createRedisSpendStore`). */
  store?: SpendStore;
  /** Prepended to the store's keys. Default "agent-search:spend:". */
  keyPrefix?: string;
  now?: () => number;
}

/** A reservation the chain holds for one request; give it back with `release` if the request is not billed. */
export interface SpendReservation {
  readonly keys: readonly string[];
  readonly amount: number;
}

interface Period {
  kind: 'day' | 'month';
  usd: number;
  variable: string;
  /** "2026-11-28", "2026-11". */
  id: string;
  endsAt: number;
}

const HOUR_MS = 3_600_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Millionths of a dollar: counters add whole numbers, so sums of decimal prices never drift. */
const micros = (usd: number) => Math.round(usd * 1e6);

/** "5 h 12 min", "40 min", "under a minute". */
function duration(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (minutes <= 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
  return `${Math.round(hours / 24)} days`;
}

/**
 * A spend budget for paid searches, per UTC day and, when set, per UTC month: every request to a paid
 * provider reserves its price first, and a request that would pass a limit is not sent. Hedges and trials
 * (requests beyond a search's own) may use only `extraShare` of each limit. With a shared store the whole
 * fleet counts against one budget; the counters go when their period is over.
 */
export class SpendBudget {
  readonly dailyUsd: number | undefined;
  readonly monthlyUsd: number | undefined;
  readonly extraShare: number;
  /** True when the store is shared by a fleet (not this process's memory). */
  readonly shared: boolean;
  readonly #store: SpendStore;
  readonly #prefix: string;
  readonly #now: () => number;

  constructor(options: SpendBudgetOptions) {
    this.dailyUsd = options.dailyUsd;
    this.monthlyUsd = options.monthlyUsd;
    this.extraShare = options.extraShare ?? 0.1;
    if (!(this.extraShare >= 0 && this.extraShare <= 1))
      throw new RangeError('extraShare must be between 0 and 1');
    this.#now = options.now ?? Date.now;
    this.#store = options.store ?? new MemorySpendStore(this.#now);
    this.shared = options.store !== undefined && !(options.store instanceof MemorySpendStore);
    this.#prefix = options.keyPrefix ?? 'agent-search:spend:';
  }

  #periods(): Period[] {
    const now = new Date(this.#now());
    const y = now.getUTCFullYear();
    const m = now.getUTCMonth();
    const periods: Period[] = [];
    if (this.dailyUsd !== undefined) {
      periods.push({
        kind: 'day',
        usd: this.dailyUsd,
        variable: 'SEARCH_BUDGET_USD',
        id: now.toISOString().slice(0, 10),
        endsAt: Date.UTC(y, m, now.getUTCDate() + 1),
      });
    }
    if (this.monthlyUsd !== undefined) {
      periods.push({
        kind: 'month',
        usd: this.monthlyUsd,
        variable: 'SEARCH_BUDGET_MONTHLY_USD',
        id: now.toISOString().slice(0, 7),
        endsAt: Date.UTC(y, m + 1, 1),
      });
    }
    return periods;
  }

  /**
   * Reserves `usd` for one request (`extra`: a hedge or a trial); a `budget_exhausted` error, saying when the
   * budget renews and how to raise it, when that would pass a limit. A store that fails refuses too: money
   * is not spent on a budget nobody can count.
   */
  async reserve(usd: number, extra: boolean): Promise<SpendReservation> {
    const amount = micros(usd);
    const periods = this.#periods();
    const counters: { counter: SpendCounter; period: Period; extra: boolean }[] = [];
    for (const period of periods) {
      // Kept an hour past their period, then gone.
      const expiresAt = period.endsAt + HOUR_MS;
      const key = `${this.#prefix}${period.kind}:${period.id}`;
      counters.push({ counter: { key, limit: micros(period.usd), expiresAt }, period, extra: false });
      if (extra) {
        const limit = micros(period.usd * this.extraShare);
        counters.push({ counter: { key: `${key}:extra`, limit, expiresAt }, period, extra: true });
      }
    }
    let addition: Awaited<ReturnType<SpendStore['add']>>;
    try {
      addition = await this.#store.add(
        counters.map((c) => c.counter),
        amount,
      );
    } catch (error) {
      throw new SearchError(
        'budget_exhausted',
        'The search spend budget could not be checked (its store did not answer), so no paid search was sent',
        { cause: error, retryable: true },
      );
    }
    if (addition.added) return { keys: counters.map((c) => c.counter.key), amount };
    const refused = counters[addition.refused]!;
    throw this.#spent(refused.period, refused.extra, addition.total);
  }

  /** Gives a reservation back: its request was refused by the upstream, or never sent. */
  async release(reservation: SpendReservation): Promise<void> {
    await this.#store.subtract(reservation.keys, reservation.amount).catch(() => undefined);
  }

  #spent(period: Period, extra: boolean, totalMicros: number): SearchError {
    const now = this.#now();
    const end = new Date(period.endsAt);
    const when =
      period.kind === 'day'
        ? `at 00:00 UTC, in ${duration(period.endsAt - now)}`
        : `on ${end.getUTCDate()} ${MONTHS[end.getUTCMonth()]} 00:00 UTC, in ${duration(period.endsAt - now)}`;
    const per = period.kind === 'day' ? 'a day' : 'a month';
    const used = formatUsd(totalMicros / 1e6);
    const message = extra
      ? `The share of the search spend budget for hedges and trials (${Math.round(this.extraShare * 100)}% of ${formatUsd(period.usd)} ${per}) is spent (${used} used); it renews ${when}`
      : `The search spend budget of ${formatUsd(period.usd)} ${per} is spent (${used} used); it renews ${when}. To spend more, raise ${period.variable}`;
    return new SearchError('budget_exhausted', message, { retryAfterMs: period.endsAt - now });
  }

  /** "$0.10 a day and $5 a month, shared by the fleet through Redis". */
  describe(): string {
    const limits = this.#periods().map(
      (p) => `${formatUsd(p.usd)} ${p.kind === 'day' ? 'a day' : 'a month'}`,
    );
    return `${limits.join(' and ')}, ${this.shared ? 'shared by every process on the same Redis' : 'counted in this process'}`;
  }
}

/**
 * The budget SEARCH_BUDGET_USD (per UTC day) and SEARCH_BUDGET_MONTHLY_USD (per UTC month) describe, counted
 * in `store` (a fleet's Redis) or in this process; undefined when neither is set.
 */
export function spendBudgetFromEnv(
  env: Env,
  store?: SpendStore,
  now?: () => number,
): SpendBudget | undefined {
  const bounds = { min: 0, max: 1_000_000 };
  const dailyUsd = readNumber(env, 'SEARCH_BUDGET_USD', bounds);
  const monthlyUsd = readNumber(env, 'SEARCH_BUDGET_MONTHLY_USD', bounds);
  if (dailyUsd === undefined && monthlyUsd === undefined) return undefined;
  return new SpendBudget({
    ...(dailyUsd === undefined ? {} : { dailyUsd }),
    ...(monthlyUsd === undefined ? {} : { monthlyUsd }),
    ...(store ? { store } : {}),
    ...(now ? { now } : {}),
  });
}
