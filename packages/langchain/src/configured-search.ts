import type { SearchClient } from '@agent-search/core';
import { type WebSearchToolOptions, webSearchTool } from './web-search-tool.ts';

/**
 * Search as configuration built it: `loadSearchConfig`'s `SearchConfig` fits, and so does a stack's
 * `{ ...stack.config, client: stack.client }`.
 */
export interface ConfiguredSearch {
  client: Pick<SearchClient, 'search'>;
  /** False when no provider is usable. */
  enabled: boolean;
  /** Why search is off, in a sentence a person (and a model) understands. */
  reason?: string | undefined;
}

/** The tools to bind, and when search is off, why, for the instructions. */
export interface ConfiguredWebSearch {
  /** `[web_search]`, or none when search is off. */
  tools: ReturnType<typeof webSearchTool>[];
  /** Set when there is no tool: the sentence to put in the instructions, so the model says search is off. */
  unavailable?: string;
}

/**
 * `web_search` when configuration found a usable provider; otherwise no tool and the reason. A tool that
 * can only fail teaches the model nothing; told instead that search is unavailable, it says so (seed 004).
 *
 * ```ts
 * const search = configuredWebSearch(loadSearchConfig(process.env, { definitions: PROVIDER_DEFINITIONS }));
 * const agent = createAgent({ model, tools: search.tools, systemPrompt: search.unavailable ?? persona });
 * ```
 */
export function configuredWebSearch(
  search: ConfiguredSearch,
  options: Omit<WebSearchToolOptions, 'client'> = {},
): ConfiguredWebSearch {
  if (!search.enabled) {
    return {
      tools: [],
      unavailable: search.reason ?? 'Web search is unavailable: no search provider is usable.',
    };
  }
  return { tools: [webSearchTool({ ...options, client: search.client })] };
}
