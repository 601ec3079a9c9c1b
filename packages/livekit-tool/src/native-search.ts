import { llm } from '@livekit/agents';
import { SEARCH_TOOL_NAME } from './rules.ts';
import { createSearchInternetTool, type SearchInternetToolOptions } from './search-tool.ts';

/** Whose search an agent's tools ended up with: the model's vendor's own (Google's), or `search_internet`. */
export type SearchToolSource = 'google' | 'agent-search';

/**
 * What `searchToolsFor` returns: one search tool, as a list entry for the agent's `tools` (a provider tool
 * cannot go in the name-keyed object form): `tools: [...found.tools, ...yourTools]`.
 */
export interface SearchTools<UserData = unknown> {
  tools: llm.ToolContextEntry<UserData>[];
  /** Whose search it is: Google's runs inside the model's own request (no call to agent-search). */
  source: SearchToolSource;
}

export type SearchToolsForOptions<UserData = unknown> = SearchInternetToolOptions<UserData> & {
  /** False: always `search_internet`, whatever the model. Default true. */
  native?: boolean;
};

/** What an LLM plugin's instance says of itself (every `llm.LLM` has these). */
interface LlmLike {
  label(): string;
  readonly model: string;
  readonly provider?: string;
}

/**
 * Whether the model can carry Google's search beside the agent's function tools in its own request. The
 * Google plugin (`@livekit/agents-plugin-google` 1.9) sends a provider tool with function tools only to a
 * Gemini 3 model through the Gemini Developer API; on other models and on Vertex AI it drops the provider tool
 * (with a warning), and the model could not search at all.
 */
function carriesGoogleSearch(model: unknown): boolean {
  const m = model as Partial<LlmLike> | null;
  if (typeof m?.label !== 'function' || m.label() !== 'google.LLM') return false;
  return m.provider === 'Gemini' && typeof m.model === 'string' && m.model.toLowerCase().includes('gemini-3');
}

/**
 * A search tool for an agent on `model` (its LLM plugin's instance) with no extra call when the model can
 * search inside its own request: a Gemini 3 model of the Google plugin on the Developer API gets Google's
 * search (`google.GoogleSearch`, the plugin's own provider tool, imported on first use); any other model (or
 * the plugin not installed, or `native: false`) gets `search_internet`. The OpenAI plugin speaks Chat
 * Completions, which has no web search tool, and there is no Anthropic plugin: see docs/livekit.md.
 *
 * ```ts
 * const found = await searchToolsFor(model, { client });
 * const agent = new voice.Agent({ instructions, tools: [...found.tools, ...yourTools] });
 * ```
 */
export async function searchToolsFor<UserData = unknown>(
  model: unknown,
  options: SearchToolsForOptions<UserData>,
): Promise<SearchTools<UserData>> {
  const { native = true, ...toolOptions } = options;
  if (native && carriesGoogleSearch(model)) {
    try {
      const { GoogleSearch } = await import('@livekit/agents-plugin-google');
      return { tools: [new GoogleSearch()], source: 'google' };
    } catch (error) {
      // Only a missing package falls back; anything else is a real failure of an installed one.
      if (!isModuleNotFound(error)) throw error;
    }
  }
  // Named as the object form names it: search_internet.
  const ours = llm.toToolContext<UserData>({
    [SEARCH_TOOL_NAME]: createSearchInternetTool<UserData>(toolOptions),
  });
  return { tools: Object.values(ours.functionTools), source: 'agent-search' };
}

function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}
