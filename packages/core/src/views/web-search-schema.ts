import { z } from 'zod';
import { MAX_DOMAINS, MAX_QUERY_LENGTH, MAX_RESULTS_LIMIT, SEARCH_MODES } from '../request.ts';
import { EMPTY_QUERY_ERROR } from './tool-error.ts';
import { WEB_SEARCH_ARGUMENTS, WEB_SEARCH_TIME_RANGES, type WebSearchTimeRange } from './web-search-tool.ts';

/**
 * The `web_search` arguments as one zod schema, for every adapter (MCP, AI SDK, LangChain). Strict: a
 * model that sends a wrong value is told which one, instead of a silent default. Its own entry
 * (`@agent-search/core/web-search-schema`, zod an optional peer) so that core without an adapter never
 * loads zod. `webSearchRequest` maps what it lets through to a search request.
 */

const site = z.string().trim().min(1).max(253);
const sites = (description: string) => z.array(site).max(MAX_DOMAINS).optional().describe(description);
const resultCount = (description: string) =>
  z.number().int().min(1).max(MAX_RESULTS_LIMIT).optional().describe(description);
const timeRanges = Object.keys(WEB_SEARCH_TIME_RANGES) as [WebSearchTimeRange, ...WebSearchTimeRange[]];

/** The fields, for tools that take a raw shape (the MCP SDK's `registerTool`). */
export const webSearchArgsShape = {
  query: z
    .string()
    .trim()
    .min(1, EMPTY_QUERY_ERROR)
    .max(MAX_QUERY_LENGTH)
    .describe(WEB_SEARCH_ARGUMENTS.query),
  mode: z.enum(SEARCH_MODES).optional().describe(WEB_SEARCH_ARGUMENTS.mode),
  max_results: resultCount(WEB_SEARCH_ARGUMENTS.max_results),
  num_results: resultCount(WEB_SEARCH_ARGUMENTS.num_results),
  time_range: z.enum(timeRanges).optional().describe(WEB_SEARCH_ARGUMENTS.time_range),
  include_sites: sites(WEB_SEARCH_ARGUMENTS.include_sites),
  exclude_sites: sites(WEB_SEARCH_ARGUMENTS.exclude_sites),
  region: z
    .string()
    .regex(/^[a-zA-Z]{2}-[a-zA-Z]{2}$/, 'region must look like "us-en"')
    .optional()
    .describe(WEB_SEARCH_ARGUMENTS.region),
};

export const webSearchArgsSchema = z.object(webSearchArgsShape);

/** The arguments as the schema lets them through (a `WebSearchArgs`). */
export type WebSearchInput = z.infer<typeof webSearchArgsSchema>;
