import { cleanUrl, FIELD_LIMITS } from '@agent-search/core';

// A URL that the WHATWG parser gives back exactly as written: http(s), a lower-case host of letters,
// digits, hyphens and dots whose last label starts with a letter (so it is no IPv4 address), no port or
// user, a path, query and fragment of characters none of which it escapes or rewrites (no `%`, `\` or
// quote in the path, no `'` in the query). Every URL this package stores went through `cleanUrl`, which
// writes most of them in this form. Linear: each part is one character class, and the parts are told
// apart by the character that starts them.
const PLAIN_URL =
  /^https?:\/\/(?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*\/[\w.~!$&'()*+,;=:@/-]*(?:\?[\w.~!$&()*+,;=:@/?%-]*)?(?:#[\w.~!$&'()*+,;=:@/?%-]*)?$/;
// What the parser would still rewrite in a plain URL: "." and ".." path segments, and punycode labels
// ("xn--", which it checks). Looked for anywhere, query and fragment too: a false alarm only costs a parse.
const REWRITTEN = /\/\.\.?(?:[/?#]|$)|[/.]xn--/;

/** True when `cleanUrl` returns `value` as it is, told without parsing it (false: it may or may not). */
export function isPlainUrl(value: string): boolean {
  return value.length <= FIELD_LIMITS.url && PLAIN_URL.test(value) && !REWRITTEN.test(value);
}

/**
 * `cleanUrl` of a stored URL, without parsing one that is already in the form `cleanUrl` writes: a first
 * load checks every URL of every stored finding, and parsing them was a sixth of validating a finding.
 */
export function cleanStoredUrl(value: string): string | undefined {
  return isPlainUrl(value) ? value : cleanUrl(value);
}
