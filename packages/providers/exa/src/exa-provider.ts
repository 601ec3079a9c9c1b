import {
  type Env,
  type ProviderCapabilities,
  type ProviderDefinition,
  type ProviderResponse,
  raceAbort,
  SearchError,
  type SearchProviderV1,
  type SearchRequest,
} from '@agent-search/core';
import type { Exa } from 'exa-js';
import { toExaSearchError } from './exa-errors.ts';
import { type ExaSearchType, toExaSearchOptions } from './exa-request.ts';
import { parseExaResponse } from './exa-response.ts';

export const EXA_DEFAULT_BASE_URL = 'https://api.exa.ai';

export interface ExaProviderOptions {
  /** Exa API key (sent as `x-api-key`). When empty the provider reports `configured: false`. */
  apiKey: string | undefined;
  /** API base URL, for proxies, gateways and test servers. Default `https://api.exa.ai`. */
  baseURL?: string;
  /** Exa search type. Default: Exa's own ("auto"); "fast" trades some quality for latency. */
  searchType?: ExaSearchType;
}

export const exaCapabilities: ProviderCapabilities = {
  modes: ['text', 'news'],
  timeRange: true,
  domainFilter: 'native',
  safeSearch: true,
  region: true,
  requiresApiKey: true,
  pageContent: true,
};

// exa-js is imported on first search, not with this module: it pulls in openai and zod, and it captures
// `globalThis.fetch` when it loads, so loading late lets fetch instrumentation (and msw in tests) see it.
const importSdk = () => import('exa-js');
let sdk: ReturnType<typeof importSdk> | undefined;

function loadSdk(): ReturnType<typeof importSdk> {
  sdk ??= importSdk().catch((error: unknown) => {
    sdk = undefined;
    throw new SearchError('provider_error', 'The exa-js package could not be loaded; is it installed?', {
      provider: 'exa',
      retryable: false,
      cause: error,
    });
  });
  return sdk;
}

function checkBaseURL(baseURL: string): string {
  let url: URL | undefined;
  try {
    url = new URL(baseURL);
  } catch {}
  // The value is not echoed: a proxy URL may carry credentials.
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new TypeError('Exa baseURL must be an absolute http(s) URL');
  }
  return baseURL.replace(/\/+$/, '');
}

/** Exa (exa.ai) neural web and news search through the official exa-js SDK. */
export function createExaProvider(options: ExaProviderOptions): SearchProviderV1 {
  const apiKey = options.apiKey?.trim() ?? '';
  const baseURL = checkBaseURL(options.baseURL?.trim() || EXA_DEFAULT_BASE_URL);
  let client: Promise<Exa> | undefined;

  async function callExa(request: SearchRequest, signal: AbortSignal): Promise<unknown> {
    client ??= loadSdk().then(({ Exa }) => new Exa(apiKey, baseURL));
    const exa = await client;
    signal.throwIfAborted();
    const body = toExaSearchOptions(request, { type: options.searchType, now: Date.now() });
    return exa.search(request.query, body);
  }

  return {
    specificationVersion: 'v1',
    id: 'exa',
    name: 'Exa',
    capabilities: exaCapabilities,
    configured: apiKey !== '',
    async search(request, { signal }): Promise<ProviderResponse> {
      // Checked before exa-js is touched: with no key it would fall back to process.env.EXA_API_KEY.
      if (apiKey === '') {
        throw new SearchError('unauthorized', 'Exa is not configured: set EXA_API_KEY', {
          provider: 'exa',
          retryable: false,
        });
      }
      signal.throwIfAborted();
      let body: unknown;
      try {
        body = await raceAbort(callExa(request, signal), signal);
      } catch (error) {
        if (signal.aborted && error === signal.reason) throw error;
        throw toExaSearchError(error, apiKey);
      }
      return parseExaResponse(body);
    },
  };
}

export const providerDefinition: ProviderDefinition = {
  id: 'exa',
  name: 'Exa',
  apiKeyEnv: 'EXA_API_KEY',
  baseUrlEnv: 'EXA_BASE_URL',
  capabilities: exaCapabilities,
  fromEnv(env: Env) {
    return createExaProvider({ apiKey: env.EXA_API_KEY, baseURL: env.EXA_BASE_URL });
  },
};
