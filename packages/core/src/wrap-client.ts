import type { SearchClient } from './client.ts';

/** Members of a `SearchClient` a wrapper replaces; every other member is the inner client's. */
export type SearchClientOverrides = Partial<SearchClient>;

// Every member of the interface, optional ones included: a member added to `SearchClient` is a type error
// here until it is listed, so no wrapper can forget to forward it.
const MEMBERS: { readonly [K in keyof Required<SearchClient>]: 'method' | 'value' } = {
  search: 'method',
  normalize: 'method',
  health: 'method',
  hedgeUsage: 'method',
  flush: 'method',
  providers: 'value',
  profiles: 'value',
  timeoutMs: 'value',
};

/**
 * `inner` with `overrides` in place of some of its members: the one way a layer (cache, limits, page
 * content...) wraps a client. Every member not overridden is the inner client's, read when used (values
 * through getters, so a client whose providers change is seen as it is now). An optional method the inner
 * client lacks stays absent, so callers' `client.flush?.()` keeps meaning "if it can".
 */
export function wrapSearchClient(inner: SearchClient, overrides: SearchClientOverrides): SearchClient {
  const wrapped = {};
  for (const [key, kind] of Object.entries(MEMBERS) as [keyof SearchClient, 'method' | 'value'][]) {
    if (Object.hasOwn(overrides, key) && overrides[key] !== undefined) {
      Object.defineProperty(wrapped, key, { value: overrides[key], enumerable: true });
    } else if (kind === 'value') {
      Object.defineProperty(wrapped, key, { get: () => inner[key], enumerable: true });
    } else if (typeof inner[key] === 'function') {
      const forward = (...args: unknown[]) => (inner[key] as (...a: unknown[]) => unknown).apply(inner, args);
      Object.defineProperty(wrapped, key, { value: forward, enumerable: true });
    }
  }
  return wrapped as SearchClient;
}
