import {
  createJsonApiProvider,
  type Env,
  type JsonApiProviderOptions,
  jsonPost,
  type SearchProviderV1,
} from '@agent-search/core';
import { openaiCapabilities } from './definition.ts';
import { httpError, NAME, PROVIDER_ID } from './errors.ts';
import { toResponsesBody } from './request.ts';
import { fromResponsesBody } from './response.ts';

export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** A small, fast model with the web_search tool; search content is billed to it as a fixed 8,000 tokens. */
export const DEFAULT_MODEL = 'gpt-4.1-mini';

export interface OpenAIProviderOptions extends JsonApiProviderOptions {
  /** OpenAI API key. Empty or missing: the provider reports `configured: false`. */
  apiKey: string | undefined;
  /** The model that searches and answers. Default `gpt-4.1-mini`. */
  model?: string | undefined;
}

/**
 * OpenAI's own web search: one Responses API call (`POST /v1/responses`) with the `web_search` tool; the
 * results are the pages the model cites, its text is the answer.
 */
export function createOpenAIProvider(options: OpenAIProviderOptions): SearchProviderV1 {
  const model = options.model?.trim() || DEFAULT_MODEL;
  return createJsonApiProvider(
    {
      id: PROVIDER_ID,
      name: NAME,
      capabilities: openaiCapabilities,
      apiKeyEnv: 'OPENAI_API_KEY',
      defaultBaseURL: DEFAULT_BASE_URL,
      request: (request, { baseURL, apiKey }) =>
        jsonPost(`${baseURL}/responses`, toResponsesBody(request, model), {
          Authorization: `Bearer ${apiKey}`,
        }),
      response: (body) => fromResponsesBody(body),
      httpError: (response, apiKey) => httpError(response.status, response.headers, response.text, apiKey),
    },
    options,
  );
}

/**
 * The provider configuration builds: `OPENAI_API_KEY`, `OPENAI_SEARCH_MODEL` for the model, and
 * `OPENAI_BASE_URL` (as the OpenAI SDK reads it: the base URL with `/v1`) for a proxy or gateway.
 */
export function fromEnv(env: Env): SearchProviderV1 {
  return createOpenAIProvider({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    model: env.OPENAI_SEARCH_MODEL,
  });
}
