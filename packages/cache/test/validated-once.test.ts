import { isNormalizedRequest, type SearchClient, wrapSearchClient } from '@agent-search/core';
import { useMswServer } from '@agent-search/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { withAnswerCache } from '../src/answer-cache.ts';
import { withGlobalLimit } from '../src/global-limit.ts';
import { SearchRateLimits } from '../src/rate-limits.ts';
import { createUpstreamClient, installUpstream } from './upstream.ts';

const server = useMswServer();

beforeEach(() => {
  installUpstream(server);
});

/** `inner`, with what each search hands it written down (composition: the real client answers). */
function recorded(inner: SearchClient, inputs: unknown[]): SearchClient {
  return wrapSearchClient(inner, {
    search: (input, options) => {
      inputs.push(input);
      return inner.search(input, options);
    },
  });
}

describe('a search is validated once, by the outermost layer', () => {
  it('every layer under the cache is handed the one normalized request, not the caller’s input', async () => {
    const belowCache: unknown[] = [];
    const belowLimit: unknown[] = [];
    const limits = new SearchRateLimits({ perUser: false, global: { points: 100, durationSeconds: 1 } });
    const client = withAnswerCache(
      recorded(withGlobalLimit(recorded(createUpstreamClient(), belowLimit), limits), belowCache),
    );
    const input = { query: '  ferry   times ', mode: 'NEWS', maxResults: '3' as unknown as number };
    const response = await client.search(input);
    expect(response.results).toHaveLength(3);
    const [request] = belowCache;
    expect(request).not.toBe(input);
    expect(isNormalizedRequest(request)).toBe(true);
    expect(request).toMatchObject({ query: 'ferry times', mode: 'news', maxResults: 3 });
    // The global limit passed it on as it was: the same object, not a copy checked again.
    expect(belowLimit).toEqual([request]);
    expect(belowLimit[0]).toBe(request);
  });
});
