// Loaded with `--import` into a measuring process: DuckDuckGo's host names resolve to the address in
// BENCH_DUCKDUCKGO_ADDRESS (the simulated upstream on loopback, or the link in front of it), every other
// name as usual. Name resolution is all it changes: each client keeps its own HTTP stack, agent, TLS and
// keep-alive, as a user's would, and reaches port 443 there. The certificate is trusted through
// NODE_EXTRA_CA_CERTS, set by whoever starts the process.
import dns, { type LookupAddress, type LookupOptions } from 'node:dns';

const address = process.env.BENCH_DUCKDUCKGO_ADDRESS;
const ours = (hostname: string) => hostname === 'duckduckgo.com' || hostname.endsWith('.duckduckgo.com');

if (address) {
  const lookup = dns.lookup;
  type Callback = (
    error: NodeJS.ErrnoException | null,
    address: string | LookupAddress[],
    family?: number,
  ) => void;
  const redirected = (hostname: string, options: unknown, callback?: unknown): void => {
    const done = (typeof options === 'function' ? options : callback) as Callback;
    if (!ours(hostname)) {
      (lookup as (...args: unknown[]) => void)(hostname, options, callback);
      return;
    }
    const all = typeof options === 'object' && options !== null && (options as LookupOptions).all;
    process.nextTick(() => (all ? done(null, [{ address, family: 4 }]) : done(null, address, 4)));
  };
  dns.lookup = redirected as typeof dns.lookup;
  const promised = dns.promises.lookup;
  dns.promises.lookup = ((hostname: string, options?: LookupOptions) =>
    ours(hostname)
      ? Promise.resolve(options?.all ? [{ address, family: 4 }] : { address, family: 4 })
      : promised(hostname, options as LookupOptions)) as typeof dns.promises.lookup;
}
