import { createSearchClient } from '@agent-search/core';
import {
  captureRequest,
  describeHttpStatusContract,
  describeProviderConformance,
  type FaultCase,
  jsonApiCalls,
  jsonApiFaults,
  useMswServer,
} from '@agent-search/testing';
import { HttpResponse, type HttpResponseResolver, http } from 'msw';
import { describe, expect, it } from 'vitest';
import credit from './__fixtures__/error-400-credit.json' with { type: 'json' };
import error401 from './__fixtures__/error-401.json' with { type: 'json' };
import error429 from './__fixtures__/error-429.json' with { type: 'json' };
import overloaded from './__fixtures__/error-529.json' with { type: 'json' };
import noResults from './__fixtures__/messages-no-results.json' with { type: 'json' };
import toolError from './__fixtures__/messages-tool-error.json' with { type: 'json' };
import answer from './__fixtures__/messages-web-search.json' with { type: 'json' };
import {
  ANTHROPIC_VERSION,
  createAnthropicProvider,
  DEFAULT_MODEL,
  fromEnv,
  providerDefinition,
} from './index.ts';
import { anthropicError, kit } from './testing.ts';

const MESSAGES = 'https://api.anthropic.com/v1/messages';
const KEY = kit.apiKey!;

const server = useMswServer();
const calls = jsonApiCalls(server, {
  url: MESSAGES,
  query: 'heat pump efficiency',
  answer,
  errors: { '400': credit, '401': error401, '429': error429, '529': overloaded },
});
const provider = () => createAnthropicProvider({ apiKey: KEY });

/** Answers like Anthropic: 401 without the key or the version header, 400 without the web_search tool. */
function resultHandlers() {
  return [
    http.post(MESSAGES, async ({ request }) => {
      if (request.headers.get('x-api-key') !== KEY) return HttpResponse.json(error401, { status: 401 });
      if (request.headers.get('anthropic-version') !== ANTHROPIC_VERSION) {
        return HttpResponse.json(
          anthropicError('invalid_request_error', 'anthropic-version: header is required'),
          {
            status: 400,
          },
        );
      }
      const body = (await request.json()) as { tools?: { type?: string }[] };
      if (body.tools?.[0]?.type !== 'web_search_20250305') {
        return HttpResponse.json(anthropicError('invalid_request_error', 'tools.0: unknown type'), {
          status: 400,
        });
      }
      return HttpResponse.json(answer);
    }),
  ];
}

const endpoint = (resolver: HttpResponseResolver) => http.post(MESSAGES, resolver);

const faults: FaultCase[] = [
  ...jsonApiFaults({
    route: endpoint,
    errorBody: (_status, message) => anthropicError('api_error', message),
    wrongShape: { id: 'msg_1', type: 'message', content: 'none' },
  }),
  { name: 'HTTP 529 (overloaded)', handlers: calls.fail('529'), code: 'unavailable' },
  { name: 'HTTP 400 (credit balance too low)', handlers: calls.fail('400'), code: 'quota_exceeded' },
  {
    name: 'HTTP 404 (no such model)',
    handlers: [
      endpoint(() =>
        HttpResponse.json(anthropicError('not_found_error', 'model: claude-9'), { status: 404 }),
      ),
    ],
    code: 'invalid_request',
  },
  {
    name: 'a 200 whose search failed (web_search_tool_result_error too_many_requests)',
    handlers: [endpoint(() => HttpResponse.json(toolError))],
    code: 'rate_limited',
  },
];

describeProviderConformance('anthropic', {
  kit,
  server,
  resultHandlers,
  minResults: 5,
  endpoint,
  emptyAnswer: noResults,
  faults,
});

describe('anthropic request', () => {
  it('POSTs one web_search_20250305 use to /v1/messages with x-api-key and anthropic-version', async () => {
    const { url, headers, body } = await calls.capture(
      provider(),
      calls.request({
        maxResults: 6,
        region: 'uk-en',
        includeDomains: ['energy.gov'],
        excludeDomains: ['x.com'],
      }),
    );
    expect(url).toBe(MESSAGES);
    expect(headers.get('x-api-key')).toBe(KEY);
    expect(headers.get('anthropic-version')).toBe('2023-06-01');
    expect(headers.get('authorization')).toBeNull();
    expect(body).toMatchObject({
      model: DEFAULT_MODEL,
      max_tokens: 800,
      messages: [{ role: 'user', content: 'heat pump efficiency' }],
      tools: [
        {
          type: 'web_search_20250305',
          name: 'web_search',
          max_uses: 1,
          allowed_domains: ['energy.gov'],
          user_location: { type: 'approximate', country: 'GB' },
        },
      ],
    });
    // One list or the other: Anthropic refuses both.
    expect((body.tools as Record<string, unknown>[])[0]).not.toHaveProperty('blocked_domains');
    expect(body.system).toMatch(/Cite 6 or more distinct web pages/);
  });

  it('blocks excluded domains when none is required, asks for news, and takes the model from ANTHROPIC_SEARCH_MODEL', async () => {
    const configured = fromEnv({
      ANTHROPIC_API_KEY: KEY,
      ANTHROPIC_SEARCH_MODEL: 'claude-sonnet-4-5',
      ANTHROPIC_BASE_URL: 'https://gw.test/anthropic',
    });
    const { body } = await captureRequest(
      server,
      { url: 'https://gw.test/anthropic/v1/messages', answer },
      () =>
        configured.search(calls.request({ mode: 'news', excludeDomains: ['pinterest.com'] }), {
          signal: AbortSignal.timeout(5_000),
        }),
    );
    expect(body.model).toBe('claude-sonnet-4-5');
    expect(body.system).toMatch(/recent news articles/);
    expect(body.tools).toEqual([
      { type: 'web_search_20250305', name: 'web_search', max_uses: 1, blocked_domains: ['pinterest.com'] },
    ]);
  });
});

describe('anthropic response', () => {
  it('lists the cited results first with their cited text, then the rest; page_age as the date; the answer after the search', async () => {
    server.use(...resultHandlers());
    const response = await createSearchClient({ providers: [provider()] }).search({
      query: 'heat pump efficiency',
      maxResults: 10,
    });
    expect(response.results.map((r) => [r.url, r.snippet])).toEqual([
      [
        'https://www.energy.gov/energysaver/heat-pump-systems',
        "Today's heat pumps can reduce your electricity use for heating by approximately 50% compared to electric resistance heating such as furnaces and baseboard heaters.",
      ],
      [
        'https://www.nrel.gov/docs/fy24osti/heat-pump-field-study.pdf',
        'Installed units averaged a seasonal coefficient of performance of 2.3 across the heating season.',
      ],
      [
        'https://www.ahrinet.org/certification/hspf2-seer2',
        'HSPF2 measures heating efficiency over a typical season under the 2023 test procedure.',
      ],
      ['https://en.wikipedia.org/wiki/Heat_pump', ''],
      ['https://www.energystar.gov/products/heat_pumps_air_source', ''],
    ]);
    expect(response.results[0]).toMatchObject({
      title: 'Heat Pump Systems | Department of Energy',
      source: 'energy.gov',
      provider: 'anthropic',
      publishedAt: '2025-04-02T00:00:00.000Z',
    });
    // "2 days ago" is no date rather than a guess.
    expect(response.results[1]!.publishedAt).toBeUndefined();
    expect(response.answer).toBe(
      'Based on the search results, air-source heat pumps deliver two to four units of heat per unit of electricity, and field studies found a seasonal COP of 2.3 in Maine. Ratings use HSPF2 for heating.',
    );
  });

  it('keeps the answer when the search found nothing', async () => {
    server.use(endpoint(() => HttpResponse.json(noResults)));
    await expect(provider().search(calls.request(), { signal: AbortSignal.timeout(5_000) })).resolves.toEqual(
      {
        results: [],
        answer: 'I could not find any pages about that query.',
      },
    );
  });

  it("maps the search tool's own errors, naming unknown ones only as unknown", async () => {
    const failing = (code: string) => {
      const body = structuredClone(toolError);
      (body.content[1]!.content as { error_code: string }).error_code = code;
      return [endpoint(() => HttpResponse.json(body))];
    };
    server.use(...failing('query_too_long'));
    expect(await calls.failure(provider())).toMatchObject({ code: 'invalid_request' });
    server.use(...failing('unavailable'));
    expect(await calls.failure(provider())).toMatchObject({
      code: 'unavailable',
      message: "Anthropic's web search failed (unavailable)",
    });
    server.use(...failing('<script>x</script>'));
    expect(await calls.failure(provider())).toMatchObject({
      code: 'provider_error',
      message: "Anthropic's web search failed (unknown)",
    });
  });
});

describe('anthropic errors', () => {
  it('quotes Anthropic on a bad key without the key, and waits for Retry-After on 429', async () => {
    server.use(
      endpoint(() =>
        HttpResponse.json(anthropicError('authentication_error', `invalid x-api-key ${KEY}`), {
          status: 401,
        }),
      ),
    );
    const error = await calls.failure(provider());
    expect(error).toMatchObject({ code: 'unauthorized', retryable: false, status: 401 });
    expect(error.message).toMatch(/^Anthropic rejected the API key \(HTTP 401\): invalid x-api-key/);
    expect(error.message).not.toContain(KEY);
    server.use(...calls.fail('429', { 'retry-after': '17' }));
    expect(await calls.failure(provider())).toMatchObject({ code: 'rate_limited', retryAfterMs: 17_000 });
  });
});

describe('anthropic definition', () => {
  it('describes the provider without importing it, in the native group', () => {
    expect(providerDefinition).toMatchObject({
      id: 'anthropic',
      apiKeyEnv: 'ANTHROPIC_API_KEY',
      baseUrlEnv: 'ANTHROPIC_BASE_URL',
      group: 'native',
    });
  });
});

describeHttpStatusContract('anthropic', { kit, server });
