import { BUILT_IN_PROFILES, cleanText, type SearchClient } from '@agent-search/core';
import { z } from 'zod';

/** The `type` value that asks for no profile. */
export const ANY_SEARCH_TYPE = 'any';

/** The types a model may name: `any`, then the client's search profiles (the built-ins by default). */
export function checkSearchType(client: Pick<SearchClient, 'search'>): string[] {
  const { profiles } = client as Partial<Pick<SearchClient, 'profiles'>>;
  return [ANY_SEARCH_TYPE, ...Object.keys(profiles ?? BUILT_IN_PROFILES)];
}

export const SEARCH_TYPE_PARAMETER = (types: readonly string[]) =>
  z
    .string()
    .nullish()
    .describe(
      `What kind of search: ${types.map((t) => `"${t}"`).join(', ')}. "news" for recent news, "regulation" for laws and regulations, "case" for court judgments; "${ANY_SEARCH_TYPE}" (the default) for the whole web.`,
    );

/** The profile a `type` argument names; an unknown type is an error sentence naming the valid ones. */
export function searchTypeProfile(
  value: unknown,
  types: readonly string[],
): { profile?: string } | { error: string } {
  if (value === null || value === undefined) return {};
  const type = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (type === '' || type === ANY_SEARCH_TYPE) return {};
  if (types.includes(type)) return { profile: type };
  return { error: `unknown search type "${cleanText(String(value), 40)}": use one of ${types.join(', ')}` };
}
