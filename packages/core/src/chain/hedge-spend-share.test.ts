import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createHttpTestProvider, useMswServer } from '../../../testing/src/index.ts';
import { SpendBudget } from '../budget/spend-budget.ts';
import { createSearchClient } from '../client.ts';
import type { SearchProvider } from '../provider.ts';

// A hedge to a paid provider that the budget's hedge share has no room for is not sent; the provider stays
// in the search's chain, so when the slow provider then fails, it answers as the search's own request (the
// budget's other 90%) instead of the search failing with budget_exhausted.
const server = useMswServer();
const received: Record<string, number> = {};
const priced = (id: string, usd: number): SearchProvider => ({
  ...createHttpTestProvider({ id, url: `https://${id}.test/` }),
  price: { usd },
});
const NOW = () => Date.UTC(2026, 10, 28, 18, 0);

describe('a hedge refused by the spend budget’s hedge share', () => {
  it('leaves its provider for a failover: the slow provider fails, the paid one answers', async () => {
    server.use(
      http.post('https://slow.test/', async () => {
        received.slow = (received.slow ?? 0) + 1;
        await delay(150);
        return new HttpResponse('', { status: 503 });
      }),
      http.post('https://paid.test/', () => {
        received.paid = (received.paid ?? 0) + 1;
        return HttpResponse.json({
          results: [{ title: 'paid', url: 'https://paid.example/', snippet: 's' }],
        });
      }),
    );
    // $0.10 a day, of which hedges and trials may spend $0.01: a hedge already took $0.008 of it today.
    const spendBudget = new SpendBudget({ dailyUsd: 0.1, now: NOW });
    await spendBudget.reserve(0.008, true);
    const client = createSearchClient({
      providers: [priced('slow', 0), priced('paid', 0.008)],
      spendBudget,
      hedge: { delayMs: 30, budget: 1 },
      now: NOW,
    });
    const second = await client.search({ query: 'heat pump' });
    expect(second.provider).toBe('paid');
    expect(received.slow).toBe(1);
    // Sent once, as the failover: the hedge the share had no room for was not (it is reported as skipped).
    expect(received.paid).toBe(1);
    expect(second.attempts.map((a) => [a.provider, a.outcome, a.code])).toEqual([
      ['paid', 'skipped', 'budget_exhausted'],
      ['slow', 'error', 'unavailable'],
      ['paid', 'success', undefined],
    ]);
    expect(second.costUsd).toBe(0.008);
  });
});
