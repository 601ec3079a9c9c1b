import type { LanguageModel, Tool } from 'ai';
import { type WebSearchToolOptions, webSearchTool } from './web-search-tool.ts';

/** Whose search a model's tool set ended up with: its vendor's own, or ours. */
export type SearchToolSource = 'openai' | 'anthropic' | 'google' | 'agent-search';

/** The tool set `searchToolsFor` returns: one search tool under the name its vendor requires. */
export interface SearchTools {
  /** Spread into `generateText`/`streamText`'s `tools`. */
  tools: Record<string, Tool>;
  /** Whose search it is: a vendor's runs inside the model's own request (no call to agent-search). */
  source: SearchToolSource;
}

export interface SearchToolsForOptions extends WebSearchToolOptions {
  /** False: always our `webSearchTool`, whatever the model (our failover, cache, limits and views). Default true. */
  native?: boolean;
}

/** The vendor's search tool for one kind of model, from its optional AI SDK package. */
interface NativeSearch {
  source: Exclude<SearchToolSource, 'agent-search'>;
  /** The tool name the vendor requires. */
  name: string;
  load(): Promise<Tool>;
}

// Imported only when a model of theirs asks: each package is an optional peer, so a missing one means ours.
// The provider ids are the AI SDK packages' own default names ("openai.chat" models have no hosted search).
const NATIVE_SEARCH: Readonly<Record<string, NativeSearch>> = {
  'openai.responses': {
    source: 'openai',
    name: 'web_search',
    load: async () => (await import('@ai-sdk/openai')).openai.tools.webSearch({}) as Tool,
  },
  'anthropic.messages': {
    source: 'anthropic',
    name: 'web_search',
    load: async () => (await import('@ai-sdk/anthropic')).anthropic.tools.webSearch_20250305({}) as Tool,
  },
  'google.generative-ai': {
    source: 'google',
    name: 'google_search',
    load: async () => (await import('@ai-sdk/google')).google.tools.googleSearch({}) as Tool,
  },
  'google.vertex.chat': {
    source: 'google',
    name: 'google_search',
    load: async () => (await import('@ai-sdk/google')).google.tools.googleSearch({}) as Tool,
  },
};

/** The AI SDK provider id of a model object ("openai.responses"); undefined for a gateway model id string. */
function providerOf(model: LanguageModel): string | undefined {
  return typeof model === 'object' && model !== null && typeof model.provider === 'string'
    ? model.provider
    : undefined;
}

/**
 * A search tool for `model` with no extra API call when the model can search itself: OpenAI Responses
 * models get `openai.tools.webSearch`, Anthropic models `anthropic.tools.webSearch_20250305`, Gemini models
 * `google.tools.googleSearch` (each vendor's package, an optional peer, imported on first use); any other
 * model (or a vendor package that is not installed, or `native: false`) gets our `webSearchTool` as
 * `web_search`.
 *
 * ```ts
 * const { tools } = await searchToolsFor(model, { client });
 * await generateText({ model, tools, prompt });
 * ```
 */
export async function searchToolsFor(
  model: LanguageModel,
  options: SearchToolsForOptions,
): Promise<SearchTools> {
  const { native = true, format, ...toolOptions } = options;
  const vendor = native ? NATIVE_SEARCH[providerOf(model) ?? ''] : undefined;
  if (vendor) {
    try {
      return { tools: { [vendor.name]: await vendor.load() }, source: vendor.source };
    } catch (error) {
      // Only a missing package falls back; anything else is a real failure of an installed one.
      if (!isModuleNotFound(error)) throw error;
    }
  }
  const ours =
    format === 'agent-server'
      ? webSearchTool({ ...toolOptions, format })
      : webSearchTool({ ...toolOptions, format });
  return { tools: { web_search: ours }, source: 'agent-search' };
}

function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}
