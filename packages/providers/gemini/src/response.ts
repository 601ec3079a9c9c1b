import { type ProviderResponse, type RawResult, SearchError } from '@agent-search/core';
import { NAME, PROVIDER_ID } from './errors.ts';

// The answer read: core keeps 4,000 characters of it.
const ANSWER_READ = 16_000;

function malformed(what: string): SearchError {
  return new SearchError('provider_error', `${NAME} sent a malformed response (${what})`, {
    provider: PROVIDER_ID,
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** For each grounding chunk, the text of the first answer segment it supports. */
function supportedText(supports: unknown[], chunks: number): Map<number, unknown> {
  const texts = new Map<number, unknown>();
  for (const support of supports) {
    if (!isObject(support) || !isObject(support.segment)) continue;
    for (const index of list(support.groundingChunkIndices)) {
      if (
        Number.isInteger(index) &&
        (index as number) >= 0 &&
        (index as number) < chunks &&
        !texts.has(index as number)
      ) {
        texts.set(index as number, support.segment.text);
      }
    }
  }
  return texts;
}

/**
 * Results and answer from a generateContent answer grounded with Google Search: the first candidate's
 * `groundingMetadata.groundingChunks[].web` in order, one per link. Their `uri` is a Google redirect
 * (vertexaisearch.cloud.google.com) to the page, kept as the URL; their `title` is the page's domain, kept as
 * title and source: Google sends no page title. The snippet is the answer's segment the chunk supports
 * (`groundingSupports`). The candidate's text is the answer. Throws `provider_error` when it is not an answer.
 */
export function fromGenerateBody(body: unknown): ProviderResponse {
  if (!isObject(body)) throw malformed('not a JSON object');
  if (body.candidates === undefined) return { results: [] }; // a blocked prompt: `promptFeedback` only
  if (!Array.isArray(body.candidates)) throw malformed('no candidates list');
  const candidate = body.candidates[0];
  if (!isObject(candidate)) return { results: [] };
  const metadata = isObject(candidate.groundingMetadata) ? candidate.groundingMetadata : {};
  const chunks = list(metadata.groundingChunks);
  const texts = supportedText(list(metadata.groundingSupports), chunks.length);
  const byUrl = new Map<string, RawResult>();
  for (const [i, chunk] of chunks.entries()) {
    if (!isObject(chunk) || !isObject(chunk.web) || typeof chunk.web.uri !== 'string') continue;
    const { uri, title, domain } = chunk.web;
    if (byUrl.has(uri)) continue;
    byUrl.set(uri, {
      url: uri,
      title,
      source: typeof domain === 'string' ? domain : title,
      snippet: texts.get(i) ?? '',
    });
  }
  const parts = isObject(candidate.content) ? list(candidate.content.parts) : [];
  const answer = parts
    .filter((p): p is { text: string } => isObject(p) && typeof p.text === 'string' && p.thought !== true)
    .map((p) => p.text)
    .join('')
    .slice(0, ANSWER_READ);
  return { results: [...byUrl.values()], ...(answer.trim() ? { answer } : {}) };
}
