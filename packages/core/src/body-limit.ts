import { SearchError } from './errors.ts';

/** Largest answer body a provider reads by default: real search answers are 5–200 KB. */
export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;

/** Who is being read, for the errors: the provider's id and the name messages use ("Tavily"). */
export interface UpstreamIdentity {
  provider: string;
  /** "Tavily", "The DuckDuckGo HTML endpoint". */
  name: string;
}

export interface ReadBodyOptions extends UpstreamIdentity {
  /** Bytes read at most; past this the body is cancelled and the read fails. Default 5 MB. */
  limit?: number | undefined;
  /** The attempt's signal: an abort cancels the body and rejects with the signal's reason at once. */
  signal: AbortSignal;
}

/** "5 MB", "512 KB", "100 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** The error for a body past `limit`, whichever transport read it. */
export function tooLargeError(options: UpstreamIdentity, limit: number, status: number): SearchError {
  return new SearchError(
    'provider_error',
    `${options.name} sent an answer larger than ${formatBytes(limit)} (the body limit); it was not read further`,
    { provider: options.provider, status },
  );
}
