import { formatUsd, type ProviderDefinition } from '@agent-search/core';

const cell = (value: string | undefined) => (value ? `\`${value}\`` : '—');
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

function keyCell(definition: ProviderDefinition): string {
  if (definition.apiKeyEnv && definition.keyless) {
    return `\`${definition.apiKeyEnv}\` (optional: keyless without it; \`${definition.keyless.env}=0\` turns that off)`;
  }
  if (definition.apiKeyEnv) return `\`${definition.apiKeyEnv}\``;
  return definition.baseUrlRequired ? 'none (needs its URL)' : 'none';
}

function baseUrlCell(definition: ProviderDefinition): string {
  if (!definition.baseUrlEnv) return '—';
  return definition.baseUrlRequired ? `\`${definition.baseUrlEnv}\` (required)` : cell(definition.baseUrlEnv);
}

/** Its list price per request ("$0.008", "free"), the modes that cost otherwise, and its free keyless mode. */
function priceCell(definition: ProviderDefinition): string {
  const price = definition.price;
  if (!price) return 'unknown';
  if (price.usd === 0) return 'free';
  const others = [
    ...Object.entries(price.modes ?? {}).map(([mode, usd]) => `${mode} ${formatUsd(usd ?? 0)}`),
    ...(price.withContentUsd !== undefined ? [`with page text ${formatUsd(price.withContentUsd)}`] : []),
  ];
  return [
    formatUsd(price.usd),
    ...(others.length > 0 ? [` (${others.join(', ')})`] : []),
    ...(definition.keyless ? ['; free keyless'] : []),
  ].join('');
}

/** How a paid search is switched on: its key, or (a key set for something else) the configuration's consent. */
function consentCell(definition: ProviderDefinition): string {
  if (!definition.consent) return 'no';
  return `yes: \`${definition.consent.env}=1\` or \`${definition.group ?? definition.id}\` in \`SEARCH_PROVIDER_PRIORITY\``;
}

/**
 * The Markdown table of `definitions`, as the README and docs/providers list them; `docsPath` is where the
 * per-provider pages are, relative to the page the table goes in.
 */
export function providerTable(definitions: readonly ProviderDefinition[], docsPath: string): string {
  const rows = definitions.map((d) => {
    const c = d.capabilities;
    return [
      `[${d.name}](${docsPath}${d.id}.md)`,
      `\`${d.id}\``,
      keyCell(d),
      baseUrlCell(d),
      c.modes.join(', '),
      yesNo(c.timeRange),
      { native: 'native', 'site-operator': '`site:` terms', none: 'no' }[c.domainFilter],
      yesNo(c.safeSearch),
      yesNo(c.region),
      priceCell(d),
      consentCell(d),
    ];
  });
  const header = [
    'provider',
    'id',
    'key variable',
    'base-URL variable',
    'modes',
    'time filter',
    'domain filter',
    'safe search',
    'region',
    'price per request',
    'needs consent',
  ];
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The lines of `agent-search --help` that list the providers and what each needs. */
export function providerUsage(definitions: readonly ProviderDefinition[]): string {
  const width = Math.max(...definitions.map((d) => d.id.length));
  const lines = definitions.map((d) => {
    const needs =
      d.apiKeyEnv && d.keyless
        ? `${d.apiKeyEnv} or keyless`
        : (d.apiKeyEnv ?? (d.baseUrlRequired && d.baseUrlEnv ? d.baseUrlEnv : 'no key'));
    return `  ${d.id.padEnd(width)}  ${needs.padEnd(22)} ${d.capabilities.modes.join(', ')}`;
  });
  return `Providers, in default order (SEARCH_PROVIDER_PRIORITY picks and orders them); each is used once what it needs is set:\n${lines.join('\n')}\n`;
}

/** Markers around the generated table in a Markdown page. */
export const TABLE_START =
  '<!-- provider-table:start (generated from the registry: pnpm --filter @agent-search/registry docs) -->';
export const TABLE_END = '<!-- provider-table:end -->';

/** `page` with the text between the markers replaced by `table`; throws when the page has no markers. */
export function withProviderTable(page: string, table: string): string {
  const start = page.indexOf(TABLE_START);
  const end = page.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error('the page has no provider-table markers');
  return `${page.slice(0, start + TABLE_START.length)}\n${table}\n${page.slice(end)}`;
}
