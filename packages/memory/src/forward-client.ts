import type { SearchClient } from '@agent-search/core';

// A stand-in for core's `wrapSearchClient` (being added to core alongside this layer); replaced by it once
// both are on main. Same contract: every member not overridden is the inner client's, read when used.
const VALUES = ['providers', 'profiles', 'timeoutMs'] as const;
const METHODS = ['normalize', 'health', 'hedgeUsage', 'flush'] as const;

/** `inner` with `overrides` in place of some members; every other member forwarded to `inner`. */
export function forwardSearchClient(
  inner: SearchClient,
  overrides: Pick<SearchClient, 'search'>,
): SearchClient {
  const wrapped: Record<string, unknown> = {};
  Object.defineProperty(wrapped, 'search', { value: overrides.search, enumerable: true });
  for (const key of VALUES) Object.defineProperty(wrapped, key, { get: () => inner[key], enumerable: true });
  for (const key of METHODS) {
    if (typeof inner[key] !== 'function') continue;
    const forward = (...args: unknown[]) => (inner[key] as (...a: unknown[]) => unknown).apply(inner, args);
    Object.defineProperty(wrapped, key, { value: forward, enumerable: true });
  }
  return wrapped as unknown as SearchClient;
}
