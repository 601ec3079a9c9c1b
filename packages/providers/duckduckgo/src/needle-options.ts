/**
 * Options duck-duck-scrape hands to `needle` (proxy, agent, headers, open_timeout, signal, ...). Our own
 * type, not needle's: the public types must not reach duck-duck-scrape's or needle's declarations, which a
 * consumer type-checking without `skipLibCheck` would need `@types/needle` for.
 */
export type NeedleOptions = Record<string, unknown>;
