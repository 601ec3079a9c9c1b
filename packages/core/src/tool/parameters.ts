import { MAX_DOMAINS, MAX_QUERY_LENGTH, MAX_RESULTS_LIMIT, SEARCH_MODES } from '../request.ts';
import { type ToolParameter, toolJsonSchema } from './define.ts';

/** One `web_search` argument: a layer tool's parameter (`ToolParameter`). */
export type WebSearchParameter = ToolParameter;

/**
 * The `web_search` arguments, described once. Every framework's schema is derived from this list: the
 * JSON Schema below, core's zod schema (`@agent-search/core/web-search-schema`) and the LiveKit tool's
 * parameters. Every field but `query` is optional, and each is typed loosely (a count may be a string,
 * a word any case): the schema only tells the model what to send; `readWebSearchArguments` decides what
 * a value means, the same way on every surface.
 */
/** How many results, what the model reads: one sentence for `max_results` and its alias. */
const COUNT = `How many results, 1 to ${MAX_RESULTS_LIMIT}. Default 5.`;

export const WEB_SEARCH_PARAMETERS: readonly WebSearchParameter[] = Object.freeze([
  {
    name: 'query',
    kind: 'text',
    required: true,
    description: `What to search for, as a few keywords: "weather Paris tomorrow" (at most ${MAX_QUERY_LENGTH} characters).`,
  },
  {
    name: 'mode',
    kind: 'word',
    words: SEARCH_MODES,
    description: '"text" for web pages (the default), "news" for recent news articles, "videos" for videos.',
  },
  { name: 'max_results', kind: 'count', description: COUNT },
  {
    name: 'num_results',
    kind: 'count',
    description: 'Same as max_results (either name works; max_results wins if both are given).',
  },
  {
    name: 'time_range',
    kind: 'word',
    words: ['day', 'week', 'month', 'year'],
    description: 'Only results from the past "day", "week", "month" or "year". Omit for any time.',
  },
  {
    name: 'include_sites',
    kind: 'sites',
    description: `Only results from these sites, as domains: ["who.int"] (at most ${MAX_DOMAINS}). Omit to search everywhere.`,
  },
  {
    name: 'exclude_sites',
    kind: 'sites',
    description: 'No results from these sites, as domains: ["pinterest.com"].',
  },
  {
    name: 'region',
    kind: 'word',
    description: 'Region and language as "xx-yy", e.g. "us-en", "de-de". Omit for no region.',
  },
]);

/** One parameter's description, by name. */
export function webSearchParameter(name: string): WebSearchParameter {
  const parameter = WEB_SEARCH_PARAMETERS.find((p) => p.name === name);
  if (!parameter) throw new TypeError(`web_search has no parameter "${name}"`);
  return parameter;
}

/**
 * The arguments as a JSON Schema object, for frameworks that take one. `query` is the one required field;
 * nothing is refused by type, so a model's odd value reaches the coercion rather than a framework error.
 */
export function webSearchJsonSchema(): ReturnType<typeof toolJsonSchema> {
  return toolJsonSchema(WEB_SEARCH_PARAMETERS);
}
