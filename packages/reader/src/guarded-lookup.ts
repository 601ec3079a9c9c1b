import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { isPublicAddress } from './address-policy.ts';
import { ReadPageError } from './errors.ts';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to its addresses. Default: the system resolver (`dns.lookup`, all addresses). */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface AddressGuard {
  /**
   * Origins (`http://host:port`) whose non-public addresses are accepted, for tests and trusted intranets.
   * Only the exact origin: a redirect from it to another host or port is checked as usual.
   */
  allowPrivateOrigins?: readonly string[];
  resolve?: HostResolver;
}

const systemResolver: HostResolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

export function blockedAddressError(): ReadPageError {
  return new ReadPageError(
    'blocked_address',
    'I cannot open that page: it points to a private or local network address, not a public website.',
  );
}

/** Host of a URL without IPv6 brackets: "[::1]" → "::1". */
export function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** Whether a socket for `url` may reach `address`. */
export function addressAllowed(address: string, url: URL, guard: AddressGuard): boolean {
  return isPublicAddress(address) || (guard.allowPrivateOrigins?.includes(url.origin) ?? false);
}

/** Throws `blocked_address` when `url`'s host is an IP literal that may not be reached. */
export function checkLiteralHost(url: URL, guard: AddressGuard): void {
  const host = bareHost(url);
  if (isIP(host) !== 0 && !addressAllowed(host, url, guard)) throw blockedAddressError();
}

/**
 * The `lookup` a socket uses to connect to `url`'s host: it resolves the name and refuses, before any
 * connection, when any address is not public. The socket connects to the address checked here, so a DNS
 * answer that changes between a check and the connection (rebinding) cannot slip through.
 */
export function guardedLookup(url: URL, guard: AddressGuard): LookupFunction {
  const resolve = guard.resolve ?? systemResolver;
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = addresses.filter((entry) => wanted === undefined || entry.family === wanted);
        if (usable.length === 0) {
          const error = Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' });
          callback(error, '', 4);
          return;
        }
        if (!usable.every((entry) => addressAllowed(entry.address, url, guard))) {
          callback(blockedAddressError(), '', 4);
          return;
        }
        const [first] = usable as [ResolvedAddress, ...ResolvedAddress[]];
        if (options.all)
          callback(
            null,
            usable.map((entry) => ({ ...entry })),
          );
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };
}
