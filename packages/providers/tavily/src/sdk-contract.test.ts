import type { SearchError, SearchRequest } from '@agent-search/core';
import { captureRequest, contractRequests, searchRequest, useMswServer } from '@agent-search/testing';
import { TavilyKeylessLimitError, tavily } from '@tavily/core';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import general from './__fixtures__/search-general.json' with { type: 'json' };
import { createTavilyProvider } from './index.ts';

// We call Tavily's HTTP API directly; this keeps us honest about sending what the official SDK sends.
const BASE = 'https://tavily.contract.test';
const KEY = 'tvly-contract-key';
const server = useMswServer();
const LONG = { d: 'day', w: 'week', m: 'month', y: 'year' } as const;

const cases = contractRequests();

/** The SDK's search for `request`, as our provider means it. */
const sdkSearch = (sdk: ReturnType<typeof tavily>, request: SearchRequest) =>
  sdk.search(request.query, {
    topic: request.mode === 'news' ? 'news' : 'general',
    searchDepth: 'basic',
    maxResults: request.maxResults,
    ...(request.timeRange ? { timeRange: LONG[request.timeRange] } : {}),
    ...(request.includeDomains.length ? { includeDomains: request.includeDomains } : {}),
    ...(request.excludeDomains.length ? { excludeDomains: request.excludeDomains } : {}),
    includeAnswer: false,
    includeRawContent: request.includeContent ? 'text' : false,
    includeImages: false,
  });

describe('request contract with @tavily/core', () => {
  it.each(cases)('%s: same endpoint, key header and body', async (_, request) => {
    const sdk = tavily({ apiKey: KEY, apiBaseURL: BASE });
    const expected = await captureRequest(server, { url: `${BASE}/search`, answer: general }, () =>
      sdkSearch(sdk, request),
    );
    const actual = await captureRequest(server, { url: `${BASE}/search`, answer: general }, () =>
      createTavilyProvider({ apiKey: KEY, baseURL: BASE }).search(request, {
        signal: AbortSignal.timeout(5_000),
      }),
    );
    expect(actual.url).toBe(expected.url);
    expect(actual.headers.get('authorization')).toBe(expected.headers.get('authorization'));
    expect(actual.body).toEqual(expected.body);
  });
});

describe('keyless contract with @tavily/core', () => {
  // The SDK falls back to TAVILY_API_KEY from the environment: keyless means none is set anywhere.
  beforeEach(() => vi.stubEnv('TAVILY_API_KEY', ''));
  afterEach(() => vi.unstubAllEnvs());
  const keylessProvider = () => createTavilyProvider({ apiKey: undefined, keyless: true, baseURL: BASE });
  const signal = () => AbortSignal.timeout(5_000);

  it.each(cases)('%s: same endpoint, keyless header, no key, same body', async (_, request) => {
    const sdk = tavily({ apiBaseURL: BASE });
    const expected = await captureRequest(server, { url: `${BASE}/search`, answer: general }, () =>
      sdkSearch(sdk, request),
    );
    const provider = keylessProvider();
    expect(provider.configured).toBe(true);
    const actual = await captureRequest(server, { url: `${BASE}/search`, answer: general }, () =>
      provider.search(request, { signal: signal() }),
    );
    expect(expected.headers.get('x-tavily-access-mode')).toBe('keyless');
    expect(actual.url).toBe(expected.url);
    expect(actual.headers.get('x-tavily-access-mode')).toBe(expected.headers.get('x-tavily-access-mode'));
    expect(actual.headers.get('authorization')).toBeNull();
    expect(expected.headers.get('authorization')).toBeNull();
    expect(actual.body).toEqual(expected.body);
  });

  /** The limit envelope Tavily answers a keyless request over a cap with, as the SDK parses it. */
  const limitAnswer = (code: string, retryAfterSeconds: number) =>
    http.post(`${BASE}/search`, () =>
      HttpResponse.json(
        {
          error: {
            code,
            message: `Keyless ${code} reached. Sign up for an API key to keep searching.`,
            retry_after_seconds: retryAfterSeconds,
            next_actions: [
              { type: 'signup', url: 'https://app.tavily.com' },
              { type: 'bonus_credits', eligible: false },
            ],
          },
        },
        { status: 429 },
      ),
    );

  it.each([
    ['hourly_cap', 'rate_limited', 1_800, true],
    ['daily_cap', 'quota_exceeded', 36_000, false],
    ['monthly_cap', 'quota_exceeded', 864_000, false],
  ] as const)(
    "a %s answer: the SDK's TavilyKeylessLimitError, our %s with its wait",
    async (cap, code, seconds, retryable) => {
      server.use(limitAnswer(cap, seconds));
      const sdkError = await tavily({ apiBaseURL: BASE })
        .search('q')
        .catch((e: unknown) => e);
      expect(sdkError).toBeInstanceOf(TavilyKeylessLimitError);
      expect(sdkError).toMatchObject({ capType: cap, retryAfter: seconds });

      const error = (await keylessProvider()
        .search(searchRequest({ query: 'q' }), { signal: signal() })
        .catch((e: unknown) => e)) as SearchError;
      expect(error).toMatchObject({
        code,
        retryable,
        provider: 'tavily',
        status: 429,
        retryAfterMs: (sdkError as TavilyKeylessLimitError).retryAfter! * 1000,
      });
      expect(error.message).toBe(
        `Tavily keyless limit reached (HTTP 429, cap ${cap}): Keyless ${cap} reached. Sign up for an API key to keep searching.; set TAVILY_API_KEY for limits of your own`,
      );
    },
  );
});
