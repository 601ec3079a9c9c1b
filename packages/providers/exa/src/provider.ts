import {
  createJsonApiProvider,
  type Env,
  type JsonApiProviderOptions,
  jsonPost,
  type SearchProviderV1,
} from '@agent-search/core';
import { exaCapabilities } from './definition.ts';
import { httpError, PROVIDER_ID } from './errors.ts';
import { type ExaSearchType, toExaSearchOptions } from './request.ts';
import { parseExaResponse } from './response.ts';

export const EXA_DEFAULT_BASE_URL = 'https://api.exa.ai';

export interface ExaProviderOptions extends JsonApiProviderOptions {
  /** Exa API key (sent as `x-api-key`). Empty or missing: the provider reports `configured: false`. */
  apiKey: string | undefined;
  /** Exa search type. Default: Exa's own ("auto"); "fast" trades some quality for latency. */
  searchType?: ExaSearchType;
}

/**
 * Exa (exa.ai) neural web and news search: `POST {baseURL}/search` with the body and `x-api-key` header
 * exa-js sends (a contract test keeps them equal), called through core's `requestJsonApi` rather than
 * exa-js because exa-js takes no AbortSignal, follows redirects to any origin with the key, and reads
 * bodies of any size.
 */
export function createExaProvider(options: ExaProviderOptions): SearchProviderV1 {
  return createJsonApiProvider(
    {
      id: PROVIDER_ID,
      name: 'Exa',
      capabilities: exaCapabilities,
      apiKeyEnv: 'EXA_API_KEY',
      defaultBaseURL: EXA_DEFAULT_BASE_URL,
      request: (request, { baseURL, apiKey }) =>
        jsonPost(
          `${baseURL}/search`,
          {
            query: request.query,
            ...toExaSearchOptions(request, { type: options.searchType, now: Date.now() }),
          },
          { 'x-api-key': apiKey, 'User-Agent': 'agent-search' },
        ),
      response: (body) => parseExaResponse(body),
      httpError: (response, apiKey) => httpError(response.status, response.headers, response.text, apiKey),
    },
    options,
  );
}

/** The provider configuration builds: `EXA_API_KEY`, and `EXA_BASE_URL` for a proxy or gateway. */
export function fromEnv(env: Env): SearchProviderV1 {
  return createExaProvider({ apiKey: env.EXA_API_KEY, baseURL: env.EXA_BASE_URL });
}
