/**
 * The structure an upstream's JSON answer may have. The body limit caps bytes, not structure: 5 MB of
 * `[[[[…` or of 50,000 tiny objects parses into hundreds of MB and, with the code that walks it, holds the
 * event loop for seconds. No search API answers anywhere near these.
 */
export const JSON_SHAPE_LIMITS = {
  /** Deepest nesting of arrays and objects. */
  maxDepth: 64,
  /**
   * Values in arrays and members of objects, all counted together (each comma, each container). The
   * richest real answer is a few thousand; 100,000 let through an answer whose parsing and walking alone
   * took 25–50 ms of CPU (the bench's hostile-answers figure), too close to a 50 ms hold.
   */
  maxItems: 50_000,
} as const;

/**
 * Why `text` is past the limits (a phrase for an error message), or undefined when it is within them or is
 * not JSON at all (`JSON.parse` says so). One pass, linear in the text: strings are skipped with `indexOf`,
 * and the pass stops at the first limit crossed, so a hostile body costs less than parsing it would.
 */
export function jsonShapeExcess(text: string, limits = JSON_SHAPE_LIMITS): string | undefined {
  let depth = 0;
  let items = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = closingQuote(text, i);
      if (i < 0) return undefined;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limits.maxDepth) return `nested deeper than ${limits.maxDepth} levels`;
      if (++items > limits.maxItems) return `more than ${limits.maxItems.toLocaleString('en-US')} items`;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    } else if (c === 0x2c && ++items > limits.maxItems) {
      return `more than ${limits.maxItems.toLocaleString('en-US')} items`;
    }
  }
  return undefined;
}

/** The index of the quote closing the string opened at `open`, or -1. Backslash runs are counted once each. */
function closingQuote(text: string, open: number): number {
  let at = open + 1;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return -1;
    let backslashes = 0;
    for (let k = quote - 1; k > open && text.charCodeAt(k) === 0x5c; k--) backslashes++;
    if (backslashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

/** Thrown by `parseBoundedJson` for a body past `JSON_SHAPE_LIMITS`. */
export class JsonShapeError extends RangeError {
  override name = 'JsonShapeError';
}

/**
 * `JSON.parse` for an upstream's answer: a body past `JSON_SHAPE_LIMITS` throws `JsonShapeError` before it
 * is parsed; one that is not JSON throws `SyntaxError`, as `JSON.parse` does.
 */
export function parseBoundedJson(text: string): unknown {
  const excess = jsonShapeExcess(text);
  if (excess) throw new JsonShapeError(`an answer ${excess}`);
  return JSON.parse(text) as unknown;
}
