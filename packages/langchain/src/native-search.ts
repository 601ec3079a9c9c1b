import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { type WebSearchToolOptions, webSearchTool } from './web-search-tool.ts';

/** Whose search a model's tools ended up with: its vendor's own, or ours. */
export type SearchToolSource = 'openai' | 'anthropic' | 'google' | 'agent-search';

/** A vendor's built-in tool, as its chat model's `bindTools` takes it (a plain definition, never run by us). */
export type NativeSearchTool = Record<string, unknown>;

/** What `searchToolsFor` returns: one search tool, for `model.bindTools(tools)`. */
export interface SearchTools {
  tools: [NativeSearchTool] | [ReturnType<typeof webSearchTool>];
  /** Whose search it is: a vendor's runs inside the model's own request (no call to agent-search). */
  source: SearchToolSource;
}

export interface SearchToolsForOptions extends WebSearchToolOptions {
  /** False: always our `webSearchTool`, whatever the model (our failover, cache, limits and views). Default true. */
  native?: boolean;
}

interface NativeSearch {
  source: Exclude<SearchToolSource, 'agent-search'>;
  /** Whether this model of the vendor's can carry the tool (default: every model of the class). */
  accepts?(model: object): boolean;
  load(): Promise<NativeSearchTool>;
}

// OpenAI's and Anthropic's definitions come from their LangChain package (an optional peer, imported only when
// one of their models asks), so the tool's wire shape is theirs to keep current. Gemini's is the request's own
// `tools` entry, passed through as is by ChatGoogleGenerativeAI; nothing to import.
const openaiWebSearch: NativeSearch = {
  source: 'openai',
  // Every OpenAI class names itself ChatOpenAI. web_search lives in the Responses API only: ChatOpenAI routes a
  // request with a built-in tool there (`_useResponsesApi`), ChatOpenAIResponses always uses it, and
  // ChatOpenAICompletions never does, so it gets ours.
  accepts: (model) =>
    typeof (model as { _useResponsesApi?: unknown })._useResponsesApi === 'function' ||
    model.constructor.name === 'ChatOpenAIResponses',
  load: async () => (await import('@langchain/openai')).tools.webSearch() as NativeSearchTool,
};
const anthropicWebSearch: NativeSearch = {
  source: 'anthropic',
  load: async () =>
    (await import('@langchain/anthropic')).tools.webSearch_20250305() as unknown as NativeSearchTool,
};
const googleSearch: NativeSearch = { source: 'google', load: async () => ({ googleSearch: {} }) };

// Keyed by the model class's LangChain name (`lc_name`), not `instanceof`: the app's copy of a vendor package
// need not be the one we would import.
const NATIVE_SEARCH: Readonly<Record<string, NativeSearch>> = {
  ChatOpenAI: openaiWebSearch,
  ChatAnthropic: anthropicWebSearch,
  ChatGoogleGenerativeAI: googleSearch,
};

/** The model's class name as LangChain records it ("ChatOpenAI"); undefined for anything else. */
function classOf(model: unknown): string | undefined {
  const ctor = (model as { constructor?: { lc_name?: unknown } } | null)?.constructor;
  return typeof ctor?.lc_name === 'function' ? String(ctor.lc_name()) : undefined;
}

/**
 * A search tool for `model` with no extra API call when the model can search itself: `ChatOpenAI` gets
 * OpenAI's `web_search` (the request goes through the Responses API), `ChatAnthropic` Anthropic's
 * `web_search_20250305`, `ChatGoogleGenerativeAI` Gemini's `googleSearch`; the vendor runs the search inside
 * the model's own request and the answer comes back with its citations. Any other model (or a vendor package
 * that is not installed, or `native: false`) gets our `webSearchTool`, which an agent loop runs.
 *
 * ```ts
 * const { tools } = await searchToolsFor(model, { client });
 * const answer = await model.bindTools(tools).invoke('Are heat pumps efficient?');
 * ```
 */
export async function searchToolsFor(
  model: Pick<BaseChatModel, 'invoke'>,
  options: SearchToolsForOptions,
): Promise<SearchTools> {
  const { native = true, ...toolOptions } = options;
  const vendor = native ? NATIVE_SEARCH[classOf(model) ?? ''] : undefined;
  if (vendor && (vendor.accepts?.(model) ?? true)) {
    try {
      return { tools: [await vendor.load()], source: vendor.source };
    } catch (error) {
      // Only a missing package falls back; anything else is a real failure of an installed one.
      if (!isModuleNotFound(error)) throw error;
    }
  }
  return { tools: [webSearchTool(toolOptions)], source: 'agent-search' };
}

function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}
