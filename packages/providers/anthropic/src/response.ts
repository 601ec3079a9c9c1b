import { type ProviderResponse, type RawResult, SearchError, type SearchErrorCode } from '@agent-search/core';
import { NAME, PROVIDER_ID } from './errors.ts';

// The answer read: core keeps 4,000 characters of it.
const ANSWER_READ = 16_000;

/** What a `web_search_tool_result_error` says, as our codes. */
const TOOL_ERRORS: Readonly<Record<string, SearchErrorCode>> = {
  too_many_requests: 'rate_limited',
  unavailable: 'unavailable',
  invalid_input: 'invalid_request',
  invalid_tool_input: 'invalid_request',
  query_too_long: 'invalid_request',
  max_uses_exceeded: 'provider_error',
};

function malformed(what: string): SearchError {
  return new SearchError('provider_error', `${NAME} sent a malformed response (${what})`, {
    provider: PROVIDER_ID,
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A `web_search_result_location` citation's URL and cited text, or undefined. */
function citationOf(value: unknown): { url: string; title: unknown; citedText: unknown } | undefined {
  if (!isObject(value) || value.type !== 'web_search_result_location' || typeof value.url !== 'string') {
    return undefined;
  }
  return { url: value.url, title: value.title, citedText: value.cited_text };
}

/** The error a search that found nothing failed with, when the tool said why. */
function toolError(code: string): SearchError {
  const known = Object.hasOwn(TOOL_ERRORS, code) ? code : 'unknown';
  return new SearchError(TOOL_ERRORS[known] ?? 'provider_error', `${NAME}'s web search failed (${known})`, {
    provider: PROVIDER_ID,
  });
}

/**
 * Results and answer from a Messages API answer: the `web_search_result` items of its
 * `web_search_tool_result` blocks (url, title, `page_age`), those the text cites first (in the order cited,
 * with the `cited_text` of their first `web_search_result_location` citation as snippet), then the others in
 * the search's order without a snippet; the text after the last search is the answer. A search that found
 * nothing because the tool failed (`web_search_tool_result_error`) fails with its code.
 */
export function fromMessagesBody(body: unknown): ProviderResponse {
  if (!isObject(body) || !Array.isArray(body.content)) throw malformed('no content list');
  const found = new Map<string, RawResult>();
  const cited = new Set<string>();
  const snippets = new Map<string, unknown>();
  let texts: string[] = [];
  let failure: string | undefined;
  for (const block of body.content) {
    if (!isObject(block)) continue;
    if (block.type === 'web_search_tool_result') {
      // The answer is what the model wrote after searching, not its "I'll search for…" before.
      texts = [];
      if (isObject(block.content) && block.content.type === 'web_search_tool_result_error') {
        failure = typeof block.content.error_code === 'string' ? block.content.error_code : 'unknown';
      }
      if (!Array.isArray(block.content)) continue;
      for (const item of block.content) {
        if (!isObject(item) || item.type !== 'web_search_result' || typeof item.url !== 'string') continue;
        if (!found.has(item.url)) {
          found.set(item.url, { url: item.url, title: item.title, publishedAt: item.page_age });
        }
      }
    } else if (block.type === 'text' && typeof block.text === 'string') {
      texts.push(block.text);
      if (!Array.isArray(block.citations)) continue;
      for (const citation of block.citations.map(citationOf)) {
        if (!citation) continue;
        cited.add(citation.url);
        if (!snippets.has(citation.url)) snippets.set(citation.url, citation.citedText);
        // A page cited but missing from the results (never seen so far): its citation has a title too.
        if (!found.has(citation.url)) found.set(citation.url, { url: citation.url, title: citation.title });
      }
    }
  }
  if (found.size === 0 && failure !== undefined) throw toolError(failure);
  const order = [...cited, ...[...found.keys()].filter((url) => !cited.has(url))];
  const results = order.map((url) => ({ ...found.get(url)!, snippet: snippets.get(url) ?? '' }));
  const answer = texts.join('').slice(0, ANSWER_READ);
  return { results, ...(answer.trim() ? { answer } : {}) };
}
