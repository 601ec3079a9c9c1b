import {
  FIELD_LIMITS,
  isSearchError,
  MAX_RESULTS_LIMIT,
  SEARCH_ERROR_CODES,
  SEARCH_MODES,
  type SearchResponse,
} from '@agent-search/core';

// The characters core's cleanText removes: none may reach a caller.
// biome-ignore lint/suspicious/noControlCharactersInRegex: detecting them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\uFEFF]/u;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > FIELD_LIMITS.url || !URL.canParse(value)) return false;
  return /^https?:$/.test(new URL(value).protocol);
}

function text(value: unknown, max: number, field: string, out: string[], required = false): void {
  if (value === undefined && !required) return;
  if (typeof value !== 'string') return void out.push(`${field} is not a string`);
  if (required && value.trim() === '') out.push(`${field} is empty`);
  if (value.length > max) out.push(`${field} is ${value.length} characters (limit ${max})`);
  if (CONTROL.test(value)) out.push(`${field} holds a control character`);
}

/** Every way `response` breaks the result contract; empty when it keeps it. */
export function responseViolations(response: SearchResponse, maxResults = MAX_RESULTS_LIMIT): string[] {
  const out: string[] = [];
  if (!SEARCH_MODES.includes(response.mode)) out.push(`unknown mode ${String(response.mode)}`);
  if (!Array.isArray(response.results)) return [...out, 'results is not an array'];
  if (response.results.length > maxResults)
    out.push(`${response.results.length} results (asked ${maxResults})`);
  if (typeof response.provider !== 'string' || response.provider === '') out.push('no provider');
  response.results.forEach((r, i) => {
    if (!isHttpUrl(r.url)) out.push(`results[${i}].url is not an http(s) URL: ${String(r.url).slice(0, 80)}`);
    text(r.title, FIELD_LIMITS.title, `results[${i}].title`, out, true);
    text(r.snippet, FIELD_LIMITS.snippet, `results[${i}].snippet`, out);
    text(r.source, FIELD_LIMITS.source, `results[${i}].source`, out);
    text(r.publisher, FIELD_LIMITS.source, `results[${i}].publisher`, out);
    text(r.duration, FIELD_LIMITS.other, `results[${i}].duration`, out);
    if (r.publishedAt !== undefined && !ISO.test(r.publishedAt))
      out.push(`results[${i}].publishedAt is not ISO 8601`);
    if (r.thumbnail !== undefined && !isHttpUrl(r.thumbnail))
      out.push(`results[${i}].thumbnail is not an http(s) URL`);
    if (r.viewCount !== undefined && !(Number.isInteger(r.viewCount) && r.viewCount >= 0)) {
      out.push(`results[${i}].viewCount is not a count`);
    }
  });
  return out;
}

/** Every way `error` is not a SearchError a caller can branch on; empty when it is one. */
export function errorViolations(error: unknown, secrets: string[] = []): string[] {
  if (!isSearchError(error))
    return [
      `not a SearchError: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
    ];
  const out: string[] = [];
  if (!SEARCH_ERROR_CODES.includes(error.code)) out.push(`unknown code ${error.code}`);
  if (typeof error.message !== 'string' || error.message === '') out.push('empty message');
  for (const secret of secrets)
    if (JSON.stringify(error).includes(secret)) out.push('the message leaks a secret');
  return out;
}
