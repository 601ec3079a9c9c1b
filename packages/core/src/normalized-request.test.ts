import { describe, expect, it } from 'vitest';
import { createSearchClient } from './client.ts';
import { isSearchError } from './errors.ts';
import { defineProfiles } from './profiles.ts';
import type { SearchProvider } from './provider.ts';
import { isNormalizedRequest, normalizeRequest, type SearchRequest } from './request.ts';

const noProviders: SearchProvider[] = [];

describe('a request normalized once', () => {
  it('is frozen and marked, so a layer under the one that normalized it takes it as it is', () => {
    const request = normalizeRequest({ query: '  ferry   times ', includeDomains: 'ferries.example' });
    expect(isNormalizedRequest(request)).toBe(true);
    expect(Object.isFrozen(request)).toBe(true);
    expect(Object.isFrozen(request.includeDomains)).toBe(true);
    expect(normalizeRequest(request)).toBe(request);
    expect(() => {
      (request as SearchRequest).maxResults = 50;
    }).toThrow(TypeError);
  });

  it('a copy or a look-alike is not normalized: it is checked like any input', () => {
    const request = normalizeRequest({ query: 'ferry times' });
    const copy = { ...request, maxResults: 50 };
    expect(isNormalizedRequest(copy)).toBe(false);
    const checked = normalizeRequest(copy);
    expect(checked).not.toBe(copy);
    expect(checked.maxResults).toBe(10); // clamped again, as the copy was never checked
    expect(isNormalizedRequest({ query: 'x', mode: 'text', maxResults: 5 })).toBe(false);
    expect(() => normalizeRequest({ ...request, query: ' ' })).toThrow(/empty/);
  });

  it('a client takes its own normalized request as it is, and still checks its profile against its own', () => {
    const withCustom = createSearchClient({
      providers: noProviders,
      profiles: defineProfiles({ ferries: { includeDomains: ['ferries.example'] } }),
    });
    const builtIn = createSearchClient({ providers: noProviders });
    const request = withCustom.normalize({ query: 'ferry times', profile: 'ferries' });
    expect(withCustom.normalize(request)).toBe(request);
    const refusal = (() => {
      try {
        builtIn.normalize(request);
      } catch (error) {
        return error;
      }
    })();
    expect(isSearchError(refusal) && refusal.code).toBe('invalid_request');
  });
});
