import { TextDecoder } from 'node:util';

const META_CHARSET = /<meta\s[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i;

/** The `charset` parameter of a Content-Type header, if any. */
export function charsetOfContentType(contentType: string): string | undefined {
  const match = /;\s*charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType);
  return match?.[1];
}

function byteOrderMark(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return undefined;
}

function decoderFor(label: string | undefined): TextDecoder | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label.toLowerCase());
  } catch {
    return undefined;
  }
}

/**
 * Text of a response body in its declared character set: a byte-order mark first, then the header's
 * `charset`, then (for HTML) a `<meta charset>` or `http-equiv` declaration near the start, else UTF-8.
 * Unknown labels fall back to UTF-8; bytes invalid in the charset become U+FFFD, never an exception.
 */
export function decodeBody(body: Buffer, contentType: string, html: boolean): string {
  const declared =
    byteOrderMark(body) ??
    charsetOfContentType(contentType) ??
    (html ? META_CHARSET.exec(body.subarray(0, 8192).toString('latin1'))?.[1] : undefined);
  const decoder = decoderFor(declared) ?? new TextDecoder('utf-8');
  return decoder.decode(body);
}
