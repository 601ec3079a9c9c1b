import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

/** Loopback names a browser page could only reach by DNS rebinding if the Host header went unchecked. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase();
  if (LOOPBACK_NAMES.has(h)) return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

/** Host and port of a Host header ("localhost:8787", "[::1]:8787"), lower-cased; undefined if malformed. */
function splitHost(header: string): { name: string; port: string } | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(header.trim());
  if (!match) return undefined;
  return { name: match[1]!.toLowerCase(), port: match[2] ?? '80' };
}

export interface HttpGuardOptions {
  /** The port the server listens on; a Host header must name it. */
  port: number;
  /** Whether the server listens on a loopback address only: then Host must be a loopback name. */
  loopback: boolean;
  /** More Host names to accept (a non-loopback bind's public name). */
  allowedHosts: readonly string[];
  /** Origins besides loopback pages' (http(s)://localhost, 127.0.0.1, [::1] on any port). */
  allowedOrigins: readonly string[];
  /** When set, every request needs `Authorization: Bearer <token>`. */
  token: string | undefined;
}

export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

function originAllowed(origin: string, allowed: readonly string[]): boolean {
  if (allowed.includes(origin)) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

/**
 * Why a request must be refused, or undefined. Checks, in order: Host (against DNS rebinding: a page on
 * evil.example resolving to 127.0.0.1 still sends "Host: evil.example"), Origin (browsers send it on
 * cross-site requests; other clients send none), then the bearer token.
 */
export function refusal(headers: IncomingHttpHeaders, options: HttpGuardOptions): Refusal | undefined {
  const host = splitHost(headers.host ?? '');
  const allowedName =
    host !== undefined &&
    (options.allowedHosts.includes(host.name) || (options.loopback ? isLoopbackHost(host.name) : true));
  if (!host || !allowedName || (options.loopback && host.port !== String(options.port))) {
    return { status: 403, message: 'Forbidden: this Host is not allowed' };
  }
  const origin = headers.origin;
  if (origin !== undefined && !originAllowed(origin, options.allowedOrigins)) {
    return { status: 403, message: 'Forbidden: this Origin is not allowed' };
  }
  if (options.token !== undefined) {
    const given = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1]?.trim() ?? '';
    // Digests first: timingSafeEqual needs equal lengths, and comparing digests leaks nothing about length.
    if (!timingSafeEqual(digest(given), digest(options.token))) {
      return {
        status: 401,
        message: 'Unauthorized: send the token as "Authorization: Bearer <token>"',
        headers: { 'WWW-Authenticate': 'Bearer realm="agent-search-mcp"' },
      };
    }
  }
  return undefined;
}
