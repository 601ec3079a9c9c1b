import {
  createJsonApiProvider,
  type Env,
  type JsonApiProviderOptions,
  jsonPost,
  type SearchProviderV1,
} from '@agent-search/core';
import { geminiCapabilities } from './definition.ts';
import { httpError, NAME, PROVIDER_ID } from './errors.ts';
import { toGenerateBody } from './request.ts';
import { fromGenerateBody } from './response.ts';

export const DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';
/** A fast, cheap model with grounding; thinking is turned off for it. */
export const DEFAULT_MODEL = 'gemini-2.5-flash';

// A model id goes into the URL path: letters, digits, dots and dashes only ("gemini-2.5-flash").
const MODEL_ID = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,99}$/;

export interface GeminiProviderOptions extends JsonApiProviderOptions {
  /** Gemini API key. Empty or missing: the provider reports `configured: false`. */
  apiKey: string | undefined;
  /** The model that searches and answers ("gemini-2.5-flash" or "models/gemini-2.5-flash"). */
  model?: string | undefined;
}

/** The model id from an option ("models/" prefix allowed); a `TypeError` naming the rule otherwise. */
function modelId(model: string | undefined): string {
  const id = (model?.trim() || DEFAULT_MODEL).replace(/^models\//, '');
  if (!MODEL_ID.test(id)) {
    throw new TypeError(
      'Gemini model must be a model id such as "gemini-2.5-flash" (letters, digits, ".", "-")',
    );
  }
  return id;
}

/**
 * Gemini's own web search: one `generateContent` call grounded with Google Search (`tools: [{google_search:
 * {}}]`); the results are the grounding chunks, the model's text is the answer.
 */
export function createGeminiProvider(options: GeminiProviderOptions): SearchProviderV1 {
  const model = modelId(options.model);
  return createJsonApiProvider(
    {
      id: PROVIDER_ID,
      name: NAME,
      capabilities: geminiCapabilities,
      apiKeyEnv: 'GEMINI_API_KEY',
      defaultBaseURL: DEFAULT_BASE_URL,
      // The key goes in a header, never in the URL (where logs and proxies would keep it).
      request: (request, { baseURL, apiKey }) =>
        jsonPost(`${baseURL}/v1beta/models/${model}:generateContent`, toGenerateBody(request, model), {
          'x-goog-api-key': apiKey,
        }),
      response: (body) => fromGenerateBody(body),
      httpError: (response, apiKey) => httpError(response.status, response.headers, response.text, apiKey),
    },
    options,
  );
}

/**
 * The provider configuration builds: `GEMINI_API_KEY` (or `GOOGLE_API_KEY`), `GEMINI_SEARCH_MODEL` for the
 * model, and `GEMINI_BASE_URL` for a proxy or gateway.
 */
export function fromEnv(env: Env): SearchProviderV1 {
  return createGeminiProvider({
    apiKey: env.GEMINI_API_KEY?.trim() || env.GOOGLE_API_KEY,
    baseURL: env.GEMINI_BASE_URL,
    model: env.GEMINI_SEARCH_MODEL,
  });
}
