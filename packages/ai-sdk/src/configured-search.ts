import type { SearchClient } from '@agent-search/core';
import type { Tool } from 'ai';
import { type WebSearchInput, type WebSearchToolOptions, webSearchTool } from './web-search-tool.ts';

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

/** The tools to give the model, and when search is off, why, for the instructions. */
export interface ConfiguredWebSearch {
  /** Spread into `generateText`/`streamText`'s `tools`: `web_search`, or nothing when search is off. */
  tools: { web_search?: Tool<WebSearchInput, object> };
  /** Set when there is no tool: the sentence to put in the instructions, so the model says search is off. */
  unavailable?: string;
}

/**
 * `web_search` when configuration found a usable provider; otherwise no tool and the reason. A tool that
 * can only fail teaches the model nothing; told instead that search is unavailable, it says so (seed 004).
 *
 * ```ts
 * const search = configuredWebSearch(loadSearchConfig(process.env, { definitions: PROVIDER_DEFINITIONS }));
 * await generateText({ model, tools: search.tools, system: [persona, search.unavailable].filter(Boolean).join('\n') });
 * ```
 */
export function configuredWebSearch(
  search: ConfiguredSearch,
  options: Omit<WebSearchToolOptions, 'client'> = {},
): ConfiguredWebSearch {
  if (!search.enabled) {
    return {
      tools: {},
      unavailable: search.reason ?? 'Web search is unavailable: no search provider is usable.',
    };
  }
  return { tools: { web_search: webSearchTool({ ...options, client: search.client }) } };
}
