import { cleanText, type ProviderResponse, type RawResult, SearchError } from '@agent-search/core';
import { PROVIDER_ID } from './errors.ts';

/** One entry of `results` in SearXNG's JSON answer (only the fields we read). */
interface SearxngResult {
  url?: unknown;
  title?: unknown;
  content?: unknown;
  /** A date-time, without a zone when the engine gave none ("2025-11-20T13:15:00"), or null. */
  publishedDate?: unknown;
  /** The engine that found it first ("bing"); `engines` lists all. */
  engine?: unknown;
  thumbnail?: unknown;
  img_src?: unknown;
  /** Videos: "12:41". */
  length?: unknown;
  author?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function malformed(what: string): SearchError {
  return new SearchError('provider_error', `SearXNG sent a malformed response (${what})`, {
    provider: PROVIDER_ID,
  });
}

/** "google (CAPTCHA), brave (timeout)" from `unresponsive_engines: [["google", "CAPTCHA"], ...]`, bounded. */
function engineFailures(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const named = value
    .slice(0, 5)
    .map((entry) =>
      Array.isArray(entry) ? `${cleanText(entry[0], 30)} (${cleanText(entry[1], 40)})` : cleanText(entry, 30),
    )
    .join(', ');
  return value.length > 5 ? `${named} and ${value.length - 5} more` : named;
}

/**
 * Raw results from a parsed SearXNG answer; throws `provider_error` when it is not one. No results while
 * engines failed (`unresponsive_engines`) is `unavailable`, not "nothing found": another provider may
 * well have an answer.
 */
export function fromSearxngResponse(body: unknown): ProviderResponse {
  if (!isObject(body)) throw malformed('not a JSON object');
  if (!Array.isArray(body.results)) throw malformed('no results list');
  const failures = engineFailures(body.unresponsive_engines);
  if (body.results.length === 0 && failures) {
    throw new SearchError('unavailable', `SearXNG found nothing because its engines failed: ${failures}`, {
      provider: PROVIDER_ID,
    });
  }
  const response: ProviderResponse = {
    results: body.results.filter(isObject).map(
      (r: SearxngResult): RawResult => ({
        title: r.title,
        url: r.url,
        snippet: r.content,
        publishedAt: r.publishedDate,
        thumbnail: r.thumbnail || r.img_src,
        duration: r.length,
        author: r.author,
      }),
    ),
  };
  // Engines estimate loosely and often send 0 while returning results: only a positive count is kept.
  if (typeof body.number_of_results === 'number' && body.number_of_results > 0) {
    response.totalResults = body.number_of_results;
  }
  return response;
}
