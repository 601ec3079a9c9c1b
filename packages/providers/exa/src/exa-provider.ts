import {
  checkMaxBodyBytes,
  type Env,
  fetchUpstream,
  type ProviderResponse,
  SearchError,
  type SearchProviderV1,
  type SearchRequest,
} from '@agent-search/core';
import { exaCapabilities } from './definition.ts';
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
  /** `fetch` to use (a proxy-aware one, or a test double). Default: the global `fetch` at call time. */
  fetch?: typeof fetch;
  /** Largest answer read, in bytes; a larger one fails as a provider error. Default 5 MB. */
  maxBodyBytes?: number;
}

/**
 * What exa-js would throw for a non-2xx answer (an `ExaError` with its message and status), so errors
 * read the same as when the SDK made the call: `{error, message}` or `{error: {message}}` envelopes.
 */
function exaError(status: number, text: string): Error & { statusCode: number } {
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {}
  let message: string;
  if (typeof json !== 'object' || json === null) {
    message = `Request failed with status ${status}.`;
  } else {
    const { error, message: said } = json as { error?: unknown; message?: unknown };
    const envelope =
      typeof error === 'object' && error !== null ? (error as { message?: unknown }) : undefined;
    const first = envelope ? envelope.message || said : error;
    message = typeof first === 'string' && first ? first : 'Unknown error';
    if (!envelope && typeof said === 'string' && said) message += `. ${said}`;
  }
  return Object.assign(new Error(message), { name: 'ExaError', statusCode: status });
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

/**
 * Exa (exa.ai) neural web and news search: `POST {baseURL}/search` with the body and `x-api-key` header
 * exa-js sends (a contract test keeps them equal), called with `fetch` directly because exa-js takes no
 * AbortSignal, follows redirects to any origin with the key, and reads bodies of any size.
 */
export function createExaProvider(options: ExaProviderOptions): SearchProviderV1 {
  const apiKey = options.apiKey?.trim() ?? '';
  const baseURL = checkBaseURL(options.baseURL?.trim() || EXA_DEFAULT_BASE_URL);
  const maxBodyBytes = checkMaxBodyBytes(options.maxBodyBytes);

  async function callExa(request: SearchRequest, signal: AbortSignal): Promise<unknown> {
    const body = toExaSearchOptions(request, { type: options.searchType, now: Date.now() });
    const response = await fetchUpstream(
      `${baseURL}/search`,
      {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'Content-Type': 'application/json', 'User-Agent': 'agent-search' },
        body: JSON.stringify({ query: request.query, ...body }),
      },
      { provider: 'exa', name: 'Exa', fetch: options.fetch, signal, limit: maxBodyBytes },
    );
    if (!response.ok) throw exaError(response.status, response.text);
    if (!response.text) return undefined;
    try {
      return JSON.parse(response.text);
    } catch {
      throw exaError(response.status, response.text);
    }
  }

  return {
    specificationVersion: 'v1',
    id: 'exa',
    name: 'Exa',
    capabilities: exaCapabilities,
    configured: apiKey !== '',
    async search(request, { signal }): Promise<ProviderResponse> {
      // Checked before any request: a missing key is a configuration problem, not Exa's answer.
      if (apiKey === '') {
        throw new SearchError('unauthorized', 'Exa is not configured: set EXA_API_KEY', {
          provider: 'exa',
          retryable: false,
        });
      }
      signal.throwIfAborted();
      let body: unknown;
      try {
        body = await callExa(request, signal);
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        throw toExaSearchError(error, apiKey);
      }
      return parseExaResponse(body);
    },
  };
}

/** The provider configuration builds: `EXA_API_KEY`, and `EXA_BASE_URL` for a proxy or gateway. */
export function fromEnv(env: Env): SearchProviderV1 {
  return createExaProvider({ apiKey: env.EXA_API_KEY, baseURL: env.EXA_BASE_URL });
}
