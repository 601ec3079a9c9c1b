import type { SpendBudget } from './budget/spend-budget.ts';
import type { ProviderSummary } from './provider-summary.ts';

/** "$0.008", "$0.0035": a request's price, as short as it stays exact to a tenth of a cent. */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0';
  // Dollars and cents from a dime up ("$0.10", "$5.00"); below, as many digits as the price has, to 1/100 ¢.
  if (usd >= 0.1) return `$${usd.toFixed(2)}`;
  return `$${Number(usd.toFixed(usd >= 0.01 ? 3 : 4))}`;
}

/**
 * What the enabled providers cost and what is off because it would cost money unasked, in sentences for a
 * start-up log or `agent-search providers`: "Paid: Tavily $0.008 a request. Free: DuckDuckGo. Off: OpenAI
 * (about $0.014 a request) searches with a key set for the LLM only when asked: set SEARCH_NATIVE=1 or list
 * native in SEARCH_PROVIDER_PRIORITY."
 */
export function describeSearchCost(
  providers: readonly ProviderSummary[],
  budget?: Pick<SpendBudget, 'describe'>,
): string {
  const enabled = providers.filter((p) => p.enabled);
  const paid = enabled.filter((p) => (p.costUsd ?? 0) > 0);
  const free = enabled.filter((p) => p.costUsd === 0);
  const unpriced = enabled.filter((p) => p.costUsd === undefined);
  const sentences: string[] = [];
  if (paid.length > 0) {
    sentences.push(`Paid: ${paid.map((p) => `${p.name} ${formatUsd(p.costUsd!)} a request`).join(', ')}.`);
  } else if (enabled.length > 0) sentences.push('No enabled provider costs money.');
  if (free.length > 0)
    sentences.push(`Free: ${free.map((p) => `${p.name}${p.keyless ? ' (keyless)' : ''}`).join(', ')}.`);
  if (unpriced.length > 0) sentences.push(`Price unknown: ${unpriced.map((p) => p.name).join(', ')}.`);
  const asked = providers.filter((p) => p.needsConsent);
  if (asked.length > 0) {
    const names = asked
      .map((p) => `${p.name}${p.costUsd ? ` (about ${formatUsd(p.costUsd)} a request)` : ''}`)
      .join(', ');
    // Every such reason ends with how to turn it on; they share it when they share a group.
    const how = [...new Set(asked.map((p) => p.reason?.split(': ').slice(1).join(': ') ?? ''))].join('; ');
    sentences.push(`Off, as they would spend a key set for something else: ${names}; to use them, ${how}.`);
  }
  if (paid.length > 0) {
    sentences.push(
      budget
        ? `Spend budget: ${budget.describe()}.`
        : 'No spend budget: set SEARCH_BUDGET_USD to cap what paid searches spend a day.',
    );
  }
  return sentences.join(' ');
}
