import { httpStatusError, SearchError, type UpstreamHeaders } from '@agent-search/core';

export const PROVIDER_ID = 'searxng';

/**
 * A `SearchError` for a non-2xx answer. SearXNG answers 403 to `format=json` when the instance allows
 * only HTML (the default in settings.yml), and the message says how to turn JSON on; 429 is its bot
 * limiter. Its error pages are HTML, so no reason is quoted from them.
 */
export function httpError(status: number, headers: UpstreamHeaders, host: string): SearchError {
  if (status === 403) {
    return new SearchError(
      'unauthorized',
      `The SearXNG instance at ${host} refused format=json (HTTP 403): its JSON output is disabled. Enable it in the instance's settings.yml (search: formats: [html, json]) and restart SearXNG; if it is enabled, a proxy in front of the instance refused the request`,
      { provider: PROVIDER_ID, status, retryable: false },
    );
  }
  return httpStatusError({
    provider: PROVIDER_ID,
    name: `The SearXNG instance at ${host}`,
    status,
    headers,
    reason: '',
  });
}
