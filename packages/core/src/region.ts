// Region prefixes in the DuckDuckGo style ("wt-wt", "xa-ar", "xl-es") that name no country.
const NOT_A_COUNTRY = new Set(['wt', 'xa', 'xl']);
// Prefixes that differ from the ISO 3166-1 code.
const COUNTRY_ALIASES: Readonly<Record<string, string>> = { uk: 'gb' };

/** Lower-case ISO 3166-1 country of a region such as "us-en" ("uk-en" → "gb"), or undefined for "no region". */
export function regionCountry(region: string | undefined): string | undefined {
  const prefix = region?.split('-')[0]?.toLowerCase();
  if (prefix?.length !== 2 || NOT_A_COUNTRY.has(prefix)) return undefined;
  return COUNTRY_ALIASES[prefix] ?? prefix;
}

/** Lower-case language of a region such as "de-de" ("de"), or undefined when it names none. */
export function regionLanguage(region: string | undefined): string | undefined {
  const language = region?.split('-')[1]?.toLowerCase();
  return language && /^[a-z]{2}$/.test(language) && language !== 'wt' ? language : undefined;
}
