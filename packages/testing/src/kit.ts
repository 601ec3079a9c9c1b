import type { Env, ProviderDefinition, SearchProvider } from '@agent-search/core';
import type { KitSimulation } from './simulator/simulation.ts';

/**
 * A provider's test kit: what the shared suites (the conformance suite, the hostile upstream, the provider
 * simulator, the bench's hostile matrix) need to know of one provider, exported by the provider package itself from its
 * unpublished `./testing` entry point. The shared code loops over kits and names no provider.
 */
export interface ProviderKit {
  /** The package's definition (its `/definition` entry point). */
  definition: ProviderDefinition;
  /** `create<Name>Provider`, limited to what a test upstream serves (only `route`). */
  create: (options: KitProviderOptions) => SearchProvider;
  /** The provider as configuration builds it from `env`, limited the same way. */
  fromEnv: (env: Env) => SearchProvider;
  /** The key tests use, for a provider whose definition names a key variable: planted, so a leak shows. */
  apiKey?: string;
  /** The base URL of the tests' msw handlers, when the provider has no default of its own. */
  baseURL?: string;
  /** Its search request, relative to its base URL (path "" when the base URL is the endpoint itself). */
  route: { method: 'GET' | 'POST'; path: string };
  /** A successful search answer carrying `entries`, as the API sends it. */
  answer(entries: readonly KitEntry[]): KitBody;
  /** An answer with `status` whose text is `message`, in the API's error envelope. */
  error(status: number, message: string): KitBody;
  /** How an answer frames its list of results, for bodies generated at any size. */
  framing: BodyFraming;
  /**
   * How the provider simulator serves the provider: its endpoints and their answers from the simulator's
   * corpus. Without it the simulator serves `route`, answering `answer` with the corpus's web entries and
   * faults with `error`.
   */
  simulation?: KitSimulation;
}

/** Options every provider takes (the template's `create<Name>Provider`). */
export interface KitProviderOptions {
  apiKey: string | undefined;
  baseURL: string | undefined;
  maxBodyBytes?: number;
  fetch?: typeof globalThis.fetch;
}

/** One search result as an upstream sends it (any field may be hostile). */
export interface KitEntry {
  title: string;
  url: string;
  snippet: string;
}

export interface KitBody {
  contentType: string;
  body: string;
}

/** A body that opens with `prefix`, repeats `repeat` any number of times and closes with `suffix`. */
export interface BodyFraming {
  contentType: string;
  prefix: string;
  repeat: string;
  suffix: string;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A JSON body. */
export const jsonBody = (value: unknown): KitBody => ({
  contentType: JSON_CONTENT_TYPE,
  body: JSON.stringify(value),
});

/**
 * The framing of a JSON answer whose results list sits between `open` and `close`, `item` being one
 * result: the list holds whole items however long the body, so a body read to its end still parses.
 */
export function jsonListFraming(open: string, item: string, close: string): BodyFraming {
  return { contentType: 'application/json', prefix: open, repeat: `${item},`, suffix: `${item}${close}` };
}
