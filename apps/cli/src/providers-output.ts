import {
  formatUsd,
  type ProviderCapabilities,
  type ProviderDefinition,
  type ProviderHealth,
  type ProviderSummary,
  type SearchConfig,
} from '@agent-search/core';

/** One provider as `agent-search providers` reports it. */
export interface ProviderListing extends ProviderSummary {
  apiKeyEnv?: string;
  capabilities: ProviderCapabilities;
  /** Cool-down state; only providers the client uses have one. */
  health?: ProviderHealth;
}

export function listProviders(
  config: Pick<SearchConfig, 'providers' | 'client'>,
  definitions: readonly ProviderDefinition[],
): ProviderListing[] {
  const health = new Map(config.client.health().map((h) => [h.provider, h]));
  return config.providers.map((summary) => {
    const definition = definitions.find((d) => d.id === summary.id)!;
    const listing: ProviderListing = { ...summary, capabilities: definition.capabilities };
    if (definition.apiKeyEnv) listing.apiKeyEnv = definition.apiKeyEnv;
    const state = health.get(summary.id);
    if (state) listing.health = state;
    return listing;
  });
}

function status(p: ProviderListing): string {
  return p.enabled ? 'enabled' : `disabled: ${p.reason ?? 'not configured'}`;
}

function key(p: ProviderListing): string {
  if (!p.apiKeyEnv) return 'no key needed';
  if (p.keyless) return `keyless (shared limits; ${p.apiKeyEnv} not set)`;
  return p.apiKey ? `${p.apiKeyEnv}=${p.apiKey}` : `${p.apiKeyEnv} not set`;
}

function cost(p: ProviderListing): string | undefined {
  if (p.costUsd === undefined) return undefined;
  if (p.costUsd === 0) return p.keyless ? 'free (keyless)' : 'free';
  return `${formatUsd(p.costUsd)} a request`;
}

function capabilities(c: ProviderCapabilities): string {
  const domains = { native: 'yes', 'site-operator': 'yes (site: terms)', none: 'no' }[c.domainFilter];
  return `modes ${c.modes.join(', ')} · time range ${c.timeRange ? 'yes' : 'no'} · site filter ${domains}`;
}

function healthLine(h: ProviderHealth | undefined, now: number): string {
  if (!h) return 'not in use';
  const last = h.lastErrorCode ? ` after ${h.lastErrorCode}` : '';
  const left = (until: number) => `${Math.ceil((until - now) / 1000)} s left`;
  if (h.upstreamUntil !== undefined && h.upstreamUntil > now) {
    return `waiting out its Retry-After${last}, ${left(h.upstreamUntil)}`;
  }
  if (h.state === 'open' && h.coolingUntil !== undefined)
    return `breaker open${last}, ${left(h.coolingUntil)}`;
  if (h.state === 'half-open') return `half-open: the next search tries it${last}`;
  if (h.sendRate !== undefined) return `healthy, held to ${h.sendRate} requests/s after throttling`;
  return 'healthy';
}

/** The providers as a numbered list in priority order, for a person. */
export function formatProviders(listings: readonly ProviderListing[], now: number = Date.now()): string {
  const width = Math.max(...listings.map((p) => p.name.length));
  const lines = listings.map((p, i) =>
    [
      `${i + 1}. ${p.name.padEnd(width)}  ${status(p)}`,
      `   key: ${key(p)}`,
      ...(cost(p) ? [`   cost: ${cost(p)}`] : []),
      `   ${capabilities(p.capabilities)}`,
      `   health: ${healthLine(p.health, now)}`,
    ].join('\n'),
  );
  return `${lines.join('\n')}\n`;
}
