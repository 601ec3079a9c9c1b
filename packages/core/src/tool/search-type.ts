import type { SearchClient } from '../client.ts';
import { BUILT_IN_PROFILES } from '../profiles.ts';
import { cleanText } from '../text.ts';

/** The `type` value that asks for no profile. */
export const ANY_SEARCH_TYPE = 'any';

/** A `type` the model may name, with what it searches (a profile's description). */
export interface SearchType {
  name: string;
  description?: string;
}

/** The types a model may name: `any`, then the client's search profiles (the built-ins by default). */
export function checkSearchType(client: Pick<SearchClient, 'search'>): SearchType[] {
  const { profiles } = client as Partial<Pick<SearchClient, 'profiles'>>;
  const named = Object.values(profiles ?? BUILT_IN_PROFILES).map(({ name, description }) =>
    // Cut short: a set of many profiles must not make the tool schema long.
    description ? { name, description: cleanText(description, 60) } : { name },
  );
  return [{ name: ANY_SEARCH_TYPE, description: 'the whole web, the default' }, ...named];
}

/** The `type` argument's description: the types a model may name, with what each searches. */
export function searchTypeDescription(types: readonly SearchType[]): string {
  return `What kind of search: ${types
    .map(({ name, description }) => (description ? `"${name}" (${description})` : `"${name}"`))
    .join(', ')}.`;
}

/** The profile a `type` argument names; an unknown type is an error sentence naming the valid ones. */
export function searchTypeProfile(
  value: unknown,
  types: readonly SearchType[],
): { profile?: string } | { error: string } {
  if (value === null || value === undefined) return {};
  const type = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (type === '' || type === ANY_SEARCH_TYPE) return {};
  if (types.some(({ name }) => name === type)) return { profile: type };
  const names = types.map(({ name }) => name).join(', ');
  return { error: `unknown search type "${cleanText(String(value), 40)}": use one of ${names}` };
}
