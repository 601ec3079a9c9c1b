import type { SearchAttempt } from './attempt.ts';
import { CodedError, type CodedErrorOptions, hasErrorMarker } from './coded-error.ts';
import type { SearchErrorCode } from './error-codes.ts';

/** Codes worth trying again later (possibly on another provider). */
const RETRYABLE: ReadonlySet<SearchErrorCode> = new Set([
  'rate_limited',
  'timeout',
  'unavailable',
  'blocked',
]);

// Global symbols, so two installed copies of core still recognise each other's errors.
const MARKER = Symbol.for('agent-search.error');
const CONFIG_MARKER = Symbol.for('agent-search.config-error');

export interface SearchErrorOptions extends CodedErrorOptions {
  provider?: string;
  /** How long the caller should wait before trying again, when the upstream said so. */
  retryAfterMs?: number;
  /** HTTP status of the upstream response, when there was one. */
  status?: number;
  /** Every provider tried, when the error ends a whole search. */
  attempts?: SearchAttempt[];
}

export class SearchError extends CodedError<SearchErrorCode> {
  readonly [MARKER] = true;
  override readonly name = 'SearchError';
  readonly provider: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly status: number | undefined;
  readonly attempts: SearchAttempt[] | undefined;

  constructor(code: SearchErrorCode, message: string, options: SearchErrorOptions = {}) {
    super(code, message, options, RETRYABLE);
    this.provider = options.provider;
    this.retryAfterMs = options.retryAfterMs;
    this.status = options.status;
    this.attempts = options.attempts;
  }

  static is(value: unknown): value is SearchError {
    return hasErrorMarker(value, MARKER);
  }

  protected details(): Record<string, unknown> {
    return {
      provider: this.provider,
      retryAfterMs: this.retryAfterMs,
      status: this.status,
      attempts: this.attempts,
    };
  }
}

export const isSearchError = SearchError.is;

/** True when `error` is an abort caused by an AbortSignal (DOMException AbortError or TimeoutError). */
export function isAbortError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const name = (error as { name?: unknown }).name;
  return name === 'AbortError' || name === 'TimeoutError';
}

/** Replaces every occurrence of each secret in `text`, so API keys never reach a message or a log line. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}

/**
 * A malformed environment variable; `variable` names it. Recognise it with `SearchConfigError.is`: the
 * packages that configure a client may hold another copy of core than the one that threw.
 */
export class SearchConfigError extends Error {
  readonly [CONFIG_MARKER] = true;
  override readonly name = 'SearchConfigError';
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(`${variable}: ${message}`);
    this.variable = variable;
  }

  static is(value: unknown): value is SearchConfigError {
    return hasErrorMarker(value, CONFIG_MARKER);
  }
}
