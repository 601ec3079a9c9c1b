import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createHttpTestProvider, useMswServer } from '../../../testing/src/index.ts';
import { createSearchClient } from '../client.ts';
import { loadSearchConfig } from '../config.ts';
import type { ProviderDefinition, SearchProvider } from '../provider.ts';
import { SpendBudget, spendBudgetFromEnv } from './spend-budget.ts';
import { MemorySpendStore } from './spend-store.ts';

const server = useMswServer();
/** Requests each upstream received, counted where they arrive. */
const received: Record<string, number> = {};
const upstream = (id: string, reply: 'answer' | 'blocked', ms = 0) =>
  http.post(`https://${id}.test/`, async () => {
    received[id] = (received[id] ?? 0) + 1;
    if (ms) await delay(ms);
    if (reply === 'blocked') return new HttpResponse('', { status: 403 });
    return HttpResponse.json({ results: [{ title: id, url: `https://${id}.example/`, snippet: 's' }] });
  });
const reset = () => {
  for (const id of Object.keys(received)) delete received[id];
};
const priced = (id: string, usd: number): SearchProvider => ({
  ...createHttpTestProvider({ id, url: `https://${id}.test/` }),
  price: { usd },
});
// 18:00 UTC on 28 Nov 2026: the day renews in 6 h.
const NOW = () => Date.UTC(2026, 10, 28, 18, 0);

describe('a spend budget in memory (no Redis)', () => {
  it('Tavily at $0.008 within $0.10 a day, DuckDuckGo blocked: 12 requests, then the budget sentence', async () => {
    reset();
    server.use(upstream('duckduckgo', 'blocked'), upstream('tavily', 'answer'));
    const client = createSearchClient({
      providers: [priced('duckduckgo', 0), priced('tavily', 0.008)],
      spendBudget: new SpendBudget({ dailyUsd: 0.1, now: NOW }),
      breaker: { consecutiveFailures: 1000, minimumCalls: 1000 },
      hedge: false,
      now: NOW,
    });
    const outcomes = [];
    for (let i = 0; i < 15; i++) {
      outcomes.push(
        await client.search({ query: `q${i}` }).then(
          (r) => r.provider,
          (e) => e,
        ),
      );
    }
    expect(received.tavily).toBe(12);
    expect(outcomes.slice(0, 12)).toEqual(Array(12).fill('tavily'));
    for (const refused of outcomes.slice(12)) {
      expect(refused).toMatchObject({ code: 'budget_exhausted', retryAfterMs: 6 * 3_600_000 });
      expect(refused.message).toBe(
        'The search spend budget of $0.10 a day is spent ($0.096 used); it renews at 00:00 UTC, in 6 h. To spend more, raise SEARCH_BUDGET_USD',
      );
      const tavily = refused.attempts.find((a: { provider: string }) => a.provider === 'tavily');
      expect(tavily).toMatchObject({ outcome: 'skipped', code: 'budget_exhausted' });
    }
  });

  it('once the budget is spent, paid providers are passed over and a free one still answers', async () => {
    reset();
    server.use(upstream('tavily', 'answer'), upstream('searxng', 'answer'));
    const client = createSearchClient({
      providers: [priced('tavily', 0.008), priced('searxng', 0)],
      spendBudget: new SpendBudget({ dailyUsd: 0.02, now: NOW }),
      hedge: false,
    });
    const providers = [];
    for (let i = 0; i < 5; i++) providers.push((await client.search({ query: `q${i}` })).provider);
    expect(providers).toEqual(['tavily', 'tavily', 'searxng', 'searxng', 'searxng']);
    expect(received).toEqual({ tavily: 2, searxng: 3 });
  });

  it('an upstream refusal (HTTP error) gives its reservation back', async () => {
    reset();
    server.use(
      http.post('https://exa.test/', () => {
        received.exa = (received.exa ?? 0) + 1;
        return new HttpResponse('', { status: 500 });
      }),
    );
    const client = createSearchClient({
      providers: [priced('exa', 0.01)],
      spendBudget: new SpendBudget({ dailyUsd: 0.01, now: NOW }),
      breaker: { consecutiveFailures: 1000, minimumCalls: 1000 },
      hedge: false,
    });
    for (let i = 0; i < 3; i++) {
      await expect(client.search({ query: `q${i}` })).rejects.toMatchObject({ code: 'unavailable' });
    }
    // Each failed request was refunded: all three were sent on a budget with room for one.
    expect(received.exa).toBe(3);
  });

  it('a hedge goes to a free provider before a paid one', async () => {
    reset();
    server.use(upstream('slow', 'answer', 300), upstream('tavily', 'answer'), upstream('searxng', 'answer'));
    const client = createSearchClient({
      providers: [priced('slow', 0), priced('tavily', 0.008), priced('searxng', 0)],
      hedge: { delayMs: 60, budget: 1 },
    });
    const response = await client.search({ query: 'q' });
    expect(response.provider).toBe('searxng');
    expect(received.tavily).toBeUndefined();
  });

  it("hedges and trials may spend only their share of the budget (10%); a search's own requests the rest", async () => {
    const budget = new SpendBudget({ dailyUsd: 0.1, now: NOW });
    // $0.01 of the $0.10 is for hedges and trials: one request at $0.008.
    await budget.reserve(0.008, true);
    await expect(budget.reserve(0.008, true)).rejects.toMatchObject({
      code: 'budget_exhausted',
      message:
        'The share of the search spend budget for hedges and trials (10% of $0.10 a day) is spent ($0.008 used); it renews at 00:00 UTC, in 6 h',
    });
    // The searches' own requests still have the rest: 11 more fit in $0.10.
    for (let i = 0; i < 11; i++) await budget.reserve(0.008, false);
    await expect(budget.reserve(0.008, false)).rejects.toMatchObject({ code: 'budget_exhausted' });
  });

  it('a hedge to a paid provider beyond that share is not sent: the slow provider answers', async () => {
    reset();
    server.use(upstream('slow', 'answer', 200), upstream('tavily', 'answer'));
    const budget = new SpendBudget({ dailyUsd: 0.1, now: NOW });
    await budget.reserve(0.008, true);
    const client = createSearchClient({
      providers: [priced('slow', 0), priced('tavily', 0.008)],
      spendBudget: budget,
      // Every slow search may hedge as far as the hedge budget goes: only the spend budget holds it back.
      hedge: { delayMs: 50, budget: 1 },
    });
    const response = await client.search({ query: 'q' });
    expect(response.provider).toBe('slow');
    expect(received.tavily).toBeUndefined();
    expect(response.attempts.find((a) => a.provider === 'tavily')).toMatchObject({
      outcome: 'skipped',
      code: 'budget_exhausted',
    });
  });

  it('SEARCH_BUDGET_USD and SEARCH_BUDGET_MONTHLY_USD: bounded numbers; the start-up text says the budget', () => {
    expect(spendBudgetFromEnv({})).toBeUndefined();
    expect(spendBudgetFromEnv({ SEARCH_BUDGET_USD: '0.10' })?.describe()).toBe(
      '$0.10 a day, counted in this process',
    );
    expect(
      spendBudgetFromEnv(
        { SEARCH_BUDGET_USD: '2', SEARCH_BUDGET_MONTHLY_USD: '30' },
        new MemorySpendStore(),
      )?.describe(),
    ).toBe('$2.00 a day and $30.00 a month, counted in this process');
    expect(() => spendBudgetFromEnv({ SEARCH_BUDGET_USD: '-1' })).toThrow(
      /SEARCH_BUDGET_USD: must be between 0 and/,
    );
    expect(() => spendBudgetFromEnv({ SEARCH_BUDGET_USD: 'ten' })).toThrow(
      /SEARCH_BUDGET_USD: expected a number/,
    );
    const tavily: ProviderDefinition = {
      id: 'tavily',
      name: 'Tavily',
      apiKeyEnv: 'TAVILY_API_KEY',
      price: { usd: 0.008 },
      capabilities: {
        modes: ['text'],
        timeRange: false,
        domainFilter: 'none',
        safeSearch: false,
        region: false,
        requiresApiKey: true,
      },
      load: async () => ({ fromEnv: () => priced('tavily', 0.008) }),
    };
    const configured = (env: Record<string, string>) =>
      loadSearchConfig({ TAVILY_API_KEY: 'k', ...env }, { definitions: [tavily] }).cost;
    expect(configured({})).toBe(
      'Paid: Tavily $0.008 a request. No spend budget: set SEARCH_BUDGET_USD to cap what paid searches spend a day.',
    );
    expect(configured({ SEARCH_BUDGET_USD: '1' })).toBe(
      'Paid: Tavily $0.008 a request. Spend budget: $1.00 a day, counted in this process.',
    );
  });
});
