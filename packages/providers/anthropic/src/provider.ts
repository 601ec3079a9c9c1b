import {
  createJsonApiProvider,
  type Env,
  type JsonApiProviderOptions,
  jsonPost,
  type SearchProviderV1,
} from '@agent-search/core';
import { anthropicCapabilities } from './definition.ts';
import { httpError, NAME, PROVIDER_ID } from './errors.ts';
import { toMessagesBody } from './request.ts';
import { fromMessagesBody } from './response.ts';

export const DEFAULT_BASE_URL = 'https://api.anthropic.com';
/** The API version the request and answer shapes follow. */
export const ANTHROPIC_VERSION = '2023-06-01';
/** Anthropic's smallest current model with the web_search tool. */
export const DEFAULT_MODEL = 'claude-haiku-4-5';

export interface AnthropicProviderOptions extends JsonApiProviderOptions {
  /** Anthropic API key. Empty or missing: the provider reports `configured: false`. */
  apiKey: string | undefined;
  /** The model that searches and answers. Default `claude-haiku-4-5`. */
  model?: string | undefined;
}

/**
 * Anthropic's own web search: one Messages API call (`POST /v1/messages`) with the `web_search` server
 * tool; the results are the pages it found (those it cites first), its text is the answer.
 */
export function createAnthropicProvider(options: AnthropicProviderOptions): SearchProviderV1 {
  const model = options.model?.trim() || DEFAULT_MODEL;
  return createJsonApiProvider(
    {
      id: PROVIDER_ID,
      name: NAME,
      capabilities: anthropicCapabilities,
      apiKeyEnv: 'ANTHROPIC_API_KEY',
      defaultBaseURL: DEFAULT_BASE_URL,
      request: (request, { baseURL, apiKey }) =>
        jsonPost(`${baseURL}/v1/messages`, toMessagesBody(request, model), {
          'x-api-key': apiKey,
          'anthropic-version': ANTHROPIC_VERSION,
        }),
      response: (body) => fromMessagesBody(body),
      httpError: (response, apiKey) => httpError(response.status, response.headers, response.text, apiKey),
    },
    options,
  );
}

/**
 * The provider configuration builds: `ANTHROPIC_API_KEY`, `ANTHROPIC_SEARCH_MODEL` for the model, and
 * `ANTHROPIC_BASE_URL` (as the Anthropic SDK reads it: without `/v1`) for a proxy or gateway.
 */
export function fromEnv(env: Env): SearchProviderV1 {
  return createAnthropicProvider({
    apiKey: env.ANTHROPIC_API_KEY,
    baseURL: env.ANTHROPIC_BASE_URL,
    model: env.ANTHROPIC_SEARCH_MODEL,
  });
}
