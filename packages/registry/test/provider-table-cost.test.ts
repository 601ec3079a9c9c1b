import { describe, expect, it } from 'vitest';
import { PROVIDER_DEFINITIONS } from '../src/definitions.ts';
import { providerTable } from '../src/provider-table.ts';

/** The generated table's row for `id`, as cells. */
function row(id: string): string[] {
  const line = providerTable(PROVIDER_DEFINITIONS, 'docs/providers/')
    .split('\n')
    .find((l) => l.includes(`| \`${id}\` |`));
  if (!line) throw new Error(`no row for ${id}`);
  return line.split(' | ').map((c) => c.replace(/^\| | \|$/g, ''));
}

describe('the generated provider table says what each provider costs', () => {
  it('has a price per request and a needs-consent column, from each definition', () => {
    const header = row('tavily').length;
    expect(header).toBe(11);
    expect(row('duckduckgo').slice(-2)).toEqual(['free', 'no']);
    expect(row('tavily').slice(-2)).toEqual(['$0.008; free keyless', 'no']);
    expect(row('serpapi').slice(-2)).toEqual(['$0.015', 'no']);
    expect(row('openai').slice(-2)).toEqual([
      '$0.014',
      'yes: `SEARCH_NATIVE=1` or `native` in `SEARCH_PROVIDER_PRIORITY`',
    ]);
  });
});
