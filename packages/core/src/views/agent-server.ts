import { isAbortError, isSearchError } from '../errors.ts';
import { learnedNotice, type SearchResponse } from '../response.ts';
import { oneLine } from './fields.ts';
import { staleNotice } from './staleness.ts';

/** The success envelope an agent server reads from a search tool: a typed object with a result count. */
export interface AgentServerResult {
  type: 'web_search_result';
  query: string;
  results: { title: string; url: string; snippet: string }[];
  count: number;
  /** Only when the answer came from the cache. */
  cached?: true;
  /** Only on a stale cached answer: when it was fetched, and a sentence saying how old it is. */
  stale?: true;
  fetched_at?: string;
  /** A stale answer's age, or (from a search memory) who learned it and that it is quoted web content. */
  note?: string;
  /** Only on an answer from a search memory: the bot that learned it, and when. */
  learned_by?: string;
  learned_at?: string;
}

/** The matching error envelope; `error_type` is the `SearchError` code, or the error's class name. */
export interface AgentServerError {
  type: 'web_search_error';
  query: string;
  error: string;
  error_type: string;
}

export function toAgentServerEnvelope(response: SearchResponse): AgentServerResult {
  const results = response.results.map((r) => ({ title: r.title, url: r.url, snippet: r.snippet }));
  const envelope: AgentServerResult = {
    type: 'web_search_result',
    query: response.query,
    results,
    count: results.length,
  };
  if (response.cached) envelope.cached = true;
  const stale = staleNotice(response);
  if (stale) {
    envelope.stale = true;
    if (stale.fetchedAt) envelope.fetched_at = stale.fetchedAt;
    envelope.note = stale.note;
  }
  if (response.learned) {
    envelope.learned_by = response.learned.botName;
    envelope.learned_at = response.learned.learnedAt;
    envelope.note = joinNotes(learnedNotice(response.learned), envelope.note);
  }
  return envelope;
}

/**
 * The error envelope for a failed search. A `SearchError`'s message is written for people and free of
 * secrets; any other error keeps only its class name, since its text may carry upstream secrets.
 */
export function toAgentServerError(query: string, error: unknown): AgentServerError {
  const base = { type: 'web_search_error' as const, query: oneLine(query) };
  if (isSearchError(error)) return { ...base, error: error.message, error_type: error.code };
  const name = error instanceof Error ? error.name : typeof error;
  const message = isAbortError(error)
    ? 'The search was cancelled or timed out'
    : 'The search failed unexpectedly';
  return { ...base, error: message, error_type: name };
}

/** Two notes as one sentence list; the second may be missing. */
export function joinNotes(first: string, second: string | undefined): string {
  return second ? `${first} ${second}` : first;
}
