/** What every coded error takes besides its code and message. */
export interface CodedErrorOptions {
  /** Default: whether the code is one of the class's retryable codes. */
  retryable?: boolean;
  cause?: unknown;
}

/**
 * The base of agent-search's errors that callers branch on (core's `SearchError`, the reader's
 * `ReadPageError`): a stable `code`, `retryable` defaulting from the code, the `cause` kept for logs but
 * left out of `toJSON` (an upstream error may carry a URL or a key), and recognition across two installed
 * copies of a package, where `instanceof` fails: each class sets its own `Symbol.for` marker and checks it
 * with `hasErrorMarker` in a static `is`.
 */
export abstract class CodedError<Code extends string> extends Error {
  readonly code: Code;
  readonly retryable: boolean;

  protected constructor(
    code: Code,
    message: string,
    options: CodedErrorOptions,
    retryableCodes: ReadonlySet<Code>,
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.retryable = options.retryable ?? retryableCodes.has(code);
  }

  /** The class's own fields for `toJSON`, after name, code, message and retryable. */
  protected abstract details(): Record<string, unknown>;

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      ...this.details(),
    };
  }
}

/** True when `value` carries `marker` (a `Symbol.for` key an error class sets on its instances). */
export function hasErrorMarker(value: unknown, marker: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
}
