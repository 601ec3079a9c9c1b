import { CodedError, type CodedErrorOptions, hasErrorMarker } from '@agent-search/core';

/** Stable error codes of a page read: callers branch on these, never on messages. */
export const READ_PAGE_ERROR_CODES = [
  'invalid_url',
  'blocked_address',
  'robots_disallowed',
  'too_many_redirects',
  'too_large',
  'timeout',
  'unreachable',
  'http_status',
  'unsupported_content',
  'no_content',
  'unreadable',
] as const;

export type ReadPageErrorCode = (typeof READ_PAGE_ERROR_CODES)[number];

// A global symbol, so two installed copies of the package still recognise each other's errors.
const MARKER = Symbol.for('agent-search.read-page-error');

const RETRYABLE: ReadonlySet<ReadPageErrorCode> = new Set(['timeout', 'unreachable']);

export interface ReadPageErrorOptions extends CodedErrorOptions {
  /** HTTP status of the page's response, for `http_status`. */
  status?: number;
}

/**
 * Why a page could not be read. The message is one plain sentence a voice model can say as it is; it
 * never repeats the URL or anything else the page sent.
 */
export class ReadPageError extends CodedError<ReadPageErrorCode> {
  readonly [MARKER] = true;
  override readonly name = 'ReadPageError';
  readonly status: number | undefined;

  constructor(code: ReadPageErrorCode, message: string, options: ReadPageErrorOptions = {}) {
    super(code, message, options, RETRYABLE);
    this.status = options.status;
  }

  static is(value: unknown): value is ReadPageError {
    return hasErrorMarker(value, MARKER);
  }

  protected details(): Record<string, unknown> {
    return { status: this.status };
  }
}

export const isReadPageError = ReadPageError.is;

/** The error for an HTTP status that is not a page: 429 and 5xx are worth another try later. */
export function httpStatusError(status: number): ReadPageError {
  const sentence =
    status === 404 || status === 410
      ? `That page does not exist (the site answered ${status}).`
      : status === 401 || status === 403
        ? `That site does not let me read this page (it answered ${status}).`
        : status === 429
          ? 'That site is asking for fewer requests right now; try again in a moment.'
          : status >= 500
            ? `That site is having trouble right now (it answered ${status}).`
            : `That site answered with status ${status} instead of the page.`;
  return new ReadPageError('http_status', sentence, { status, retryable: status === 429 || status >= 500 });
}

/** The error for a page that was read but holds no text (a page of images, or one written by scripts). */
export function noContentError(): ReadPageError {
  return new ReadPageError(
    'no_content',
    'That page has no text I could read (it may be built by scripts or hold only images).',
  );
}
