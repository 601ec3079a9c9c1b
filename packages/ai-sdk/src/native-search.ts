import type { LanguageModel, Tool } from 'ai';
import { type WebSearchToolOptions, webSearchTool } from './web-search-tool.ts';

/** Whose search a model's tool set ended up with: its vendor's own, or ours. */
export type SearchToolSource = keyof VendorProviders | 'agent-search';

/** The tool set `searchToolsFor` returns: one search tool under the name its vendor requires. */
export interface SearchTools {
  /** Spread into `generateText`/`streamText`'s `tools`. */
  tools: Record<string, Tool>;
  /** Whose search it is: a vendor's runs inside the model's own request (no call to agent-search). */
  source: SearchToolSource;
}

/**
 * The AI SDK vendor providers whose hosted search a model may use, as imported by the program
 * (`import { openai } from '@ai-sdk/openai'`). Given, they are used as they are; not given, each is imported
 * on first use from its optional package, which a bundled program (a Worker) cannot do: pass them there.
 */
export interface VendorProviders {
  openai?: { tools: { webSearch(args: Record<string, never>): unknown } };
  anthropic?: { tools: { webSearch_20250305(args: Record<string, never>): unknown } };
  google?: { tools: { googleSearch(args: Record<string, never>): unknown } };
}

export interface SearchToolsForOptions extends WebSearchToolOptions {
  /** False: always our `webSearchTool`, whatever the model (our failover, cache, limits and views). Default true. */
  native?: boolean;
  /** The vendor providers to take the hosted search from, rather than importing their packages. */
  vendors?: VendorProviders;
}

type Vendor = keyof VendorProviders;

/** The vendor's search tool for one kind of model, from its optional AI SDK package. */
interface NativeSearch {
  source: Vendor;
  /** The tool name the vendor requires. */
  name: string;
  /** The optional AI SDK package that exports the vendor's provider under the name `source`. */
  packageName: string;
  /** Its search tool from the providers, where `source`'s is present. */
  tool(vendors: VendorProviders): unknown;
}

// Imported only when a model of theirs asks: each package is an optional peer, so a missing one means ours.
// The provider ids are the AI SDK packages' own default names ("openai.chat" models have no hosted search).
const googleSearch: Omit<NativeSearch, 'source'> = {
  name: 'google_search',
  packageName: '@ai-sdk/google',
  tool: (vendors) => vendors.google?.tools.googleSearch({}),
};
const NATIVE_SEARCH: Readonly<Record<string, NativeSearch>> = {
  'openai.responses': {
    source: 'openai',
    name: 'web_search',
    packageName: '@ai-sdk/openai',
    tool: (vendors) => vendors.openai?.tools.webSearch({}),
  },
  'anthropic.messages': {
    source: 'anthropic',
    name: 'web_search',
    packageName: '@ai-sdk/anthropic',
    tool: (vendors) => vendors.anthropic?.tools.webSearch_20250305({}),
  },
  'google.generative-ai': { source: 'google', ...googleSearch },
  'google.vertex.chat': { source: 'google', ...googleSearch },
};

/**
 * Imports an optional package by a name held in a variable, so a bundler (esbuild, wrangler, webpack, Vite)
 * leaves the import to run time instead of failing the build when the package is not installed.
 */
function importOptional(specifier: string): Promise<Record<string, unknown>> {
  return import(/* webpackIgnore: true */ /* @vite-ignore */ specifier);
}

async function loadNativeSearch(vendor: NativeSearch, vendors: VendorProviders | undefined): Promise<Tool> {
  const provider = vendors?.[vendor.source] ?? (await importOptional(vendor.packageName))[vendor.source];
  return vendor.tool({ [vendor.source]: provider }) as Tool;
}

/** The AI SDK provider id of a model object ("openai.responses"); undefined for a gateway model id string. */
function providerOf(model: LanguageModel): string | undefined {
  return typeof model === 'object' && model !== null && typeof model.provider === 'string'
    ? model.provider
    : undefined;
}

/**
 * A search tool for `model` with no extra API call when the model can search itself: OpenAI Responses
 * models get `openai.tools.webSearch`, Anthropic models `anthropic.tools.webSearch_20250305`, Gemini models
 * `google.tools.googleSearch` (each vendor's provider from `vendors`, else from its package, an optional
 * peer, imported on first use); any other model (or a vendor package that is not installed, or
 * `native: false`) gets our `webSearchTool` as `web_search`.
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
  const { native = true, vendors, format, ...toolOptions } = options;
  const vendor = native ? NATIVE_SEARCH[providerOf(model) ?? ''] : undefined;
  if (vendor) {
    try {
      return { tools: { [vendor.name]: await loadNativeSearch(vendor, vendors) }, source: vendor.source };
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

/** Node, Bun and Deno say ERR_MODULE_NOT_FOUND; workerd (a bundled Worker) throws `No such module "…"`. */
function isModuleNotFound(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === 'ERR_MODULE_NOT_FOUND' ||
    code === 'MODULE_NOT_FOUND' ||
    (typeof message === 'string' && message.startsWith('No such module'))
  );
}
