import { createSearchClient, type SearchMode } from '@agent-search/core';
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
import error400 from './__fixtures__/error-400-tool.json' with { type: 'json' };
import error401 from './__fixtures__/error-401.json' with { type: 'json' };
import quota from './__fixtures__/error-429-quota.json' with { type: 'json' };
import rate from './__fixtures__/error-429-rate.json' with { type: 'json' };
import noCitations from './__fixtures__/responses-no-citations.json' with { type: 'json' };
import answer from './__fixtures__/responses-web-search.json' with { type: 'json' };
import { createOpenAIProvider, DEFAULT_MODEL, fromEnv, providerDefinition } from './index.ts';
import { fromResponsesBody } from './response.ts';
import { kit, openaiError } from './testing.ts';

const RESPONSES = 'https://api.openai.com/v1/responses';
const KEY = kit.apiKey!;

const server = useMswServer();
const calls = jsonApiCalls(server, {
  url: RESPONSES,
  query: 'heat pump efficiency',
  answer,
  errors: { '400': error400, '401': error401, '429': quota },
});
const provider = () => createOpenAIProvider({ apiKey: KEY });

/** Answers like OpenAI: 401 without the bearer key, 400 without the web_search tool, else the fixture. */
function resultHandlers(_mode: SearchMode) {
  return [
    http.post(RESPONSES, async ({ request }) => {
      if (request.headers.get('authorization') !== `Bearer ${KEY}`) {
        return HttpResponse.json(error401, { status: 401 });
      }
      const body = (await request.json()) as { tools?: { type?: string }[] };
      if (body.tools?.[0]?.type !== 'web_search') return HttpResponse.json(error400, { status: 400 });
      return HttpResponse.json(answer);
    }),
  ];
}

const endpoint = (resolver: HttpResponseResolver) => http.post(RESPONSES, resolver);

const faults: FaultCase[] = [
  ...jsonApiFaults({
    route: endpoint,
    errorBody: (_status, message) => openaiError(message),
    wrongShape: { id: 'resp_1', object: 'response', output: 'none' },
  }),
  { name: 'HTTP 429 insufficient_quota (credit spent)', handlers: calls.fail('429'), code: 'quota_exceeded' },
  {
    name: 'HTTP 400 (a model without the web_search tool)',
    handlers: calls.fail('400'),
    code: 'invalid_request',
  },
  {
    name: 'HTTP 404 (no such model)',
    handlers: [
      endpoint(() =>
        HttpResponse.json(openaiError('The model `gpt-9` does not exist', 'model_not_found'), {
          status: 404,
        }),
      ),
    ],
    code: 'invalid_request',
  },
  {
    name: 'a response with status "failed"',
    handlers: [endpoint(() => HttpResponse.json({ ...answer, status: 'failed', output: [] }))],
    code: 'provider_error',
  },
];

describeProviderConformance('openai', {
  kit,
  server,
  resultHandlers,
  minResults: 4,
  endpoint,
  emptyAnswer: noCitations,
  faults,
});

describe('openai request', () => {
  it('POSTs one forced web_search call to /v1/responses with the key as a bearer token', async () => {
    const { url, headers, body } = await calls.capture(
      provider(),
      calls.request({ maxResults: 7, region: 'de-de', includeDomains: ['energy.gov'] }),
    );
    expect(url).toBe(RESPONSES);
    expect(headers.get('authorization')).toBe(`Bearer ${KEY}`);
    expect(body).toMatchObject({
      model: DEFAULT_MODEL,
      input: 'heat pump efficiency',
      tools: [
        {
          type: 'web_search',
          search_context_size: 'low',
          filters: { allowed_domains: ['energy.gov'] },
          user_location: { type: 'approximate', country: 'DE' },
        },
      ],
      tool_choice: 'required',
      max_tool_calls: 1,
      store: false,
    });
    expect(body.instructions).toMatch(/Cite 7 or more distinct web pages/);
  });

  it('asks for news in news mode, takes the model from OPENAI_SEARCH_MODEL, and sends no filter or location unasked', async () => {
    const configured = () =>
      fromEnv({
        OPENAI_API_KEY: KEY,
        OPENAI_SEARCH_MODEL: 'gpt-5-mini',
        OPENAI_BASE_URL: 'https://gw.test/v1',
      });
    const { body } = await captureRequest(server, { url: 'https://gw.test/v1/responses', answer }, () =>
      configured().search(calls.request({ mode: 'news', region: 'wt-wt' }), {
        signal: AbortSignal.timeout(5_000),
      }),
    );
    expect(body.model).toBe('gpt-5-mini');
    expect(body.instructions).toMatch(/recent news articles/);
    expect(body.tools).toEqual([{ type: 'web_search', search_context_size: 'low' }]);
  });
});

describe('openai response', () => {
  it("returns the cited pages once each, in citation order, with the claim each supports and the model's answer", async () => {
    server.use(...resultHandlers('text'));
    const response = await createSearchClient({ providers: [provider()] }).search({
      query: 'heat pump efficiency',
      maxResults: 10,
    });
    expect(response.results.map((r) => r.url)).toEqual([
      'https://www.energy.gov/energysaver/heat-pump-systems',
      'https://www.ahrinet.org/certification/hspf2-seer2',
      'https://www.nrel.gov/docs/fy24osti/heat-pump-field-study.pdf',
      'https://www.energystar.gov/products/heat_pumps_air_source',
    ]);
    expect(response.results[0]).toMatchObject({
      title: 'Heat Pump Systems | Department of Energy',
      snippet:
        'Air-source heat pumps deliver about 2 to 4 units of heat for each unit of electricity, and cold-climate models keep a COP above 1.5 at -15 °C.',
      source: 'energy.gov',
      provider: 'openai',
    });
    // The snippet starts after the previous citation, not at the start of the line.
    expect(response.results[2]!.snippet).toBe(
      'Field studies in Maine found installed units averaging a seasonal COP of 2.3.',
    );
    // Indices count code points: the emoji before this citation does not shift it.
    expect(response.results[3]!.snippet).toBe(
      'Installers note that duct losses and oversizing cut real-world efficiency 🌡️.',
    );
    expect(response.answer).toMatch(
      /^Heat pump efficiency depends mostly on the outdoor temperature\. Air-source/,
    );
    expect(response.answer).not.toMatch(/\]\(|utm_source|\*\*/);
  });

  it('keeps the answer when nothing is cited, and falls back to the host for a citation without a title', async () => {
    server.use(endpoint(() => HttpResponse.json(noCitations)));
    await expect(provider().search(calls.request(), { signal: AbortSignal.timeout(5_000) })).resolves.toEqual(
      {
        results: [],
        answer: 'I could not find any pages about that query.',
      },
    );
    const untitled = structuredClone(answer);
    const part = untitled.output[1]!.content![0]!;
    for (const a of part.annotations) (a as { title?: string }).title = undefined;
    (part.annotations[0] as { start_index: number }).start_index = 10 ** 9;
    server.use(endpoint(() => HttpResponse.json(untitled)));
    const { results } = await provider().search(calls.request(), { signal: AbortSignal.timeout(5_000) });
    // Its first citation's indices are out of range: the snippet comes from its second citation.
    expect(results.find((r) => String(r.url).includes('energy.gov/'))).toEqual({
      url: 'https://www.energy.gov/energysaver/heat-pump-systems',
      title: 'energy.gov',
      snippet: 'The Department of Energy also recommends a professional load calculation.',
    });
  });
});

describe('openai errors', () => {
  it('quotes OpenAI on a bad key without any of the key', async () => {
    server.use(
      endpoint(() =>
        HttpResponse.json(openaiError(`Incorrect API key provided: ${KEY}.`, 'invalid_api_key'), {
          status: 401,
        }),
      ),
    );
    const error = await calls.failure(provider());
    expect(error).toMatchObject({ code: 'unauthorized', retryable: false, status: 401 });
    expect(error.message).toMatch(/^OpenAI rejected the API key \(HTTP 401\): Incorrect API key provided/);
    expect(error.message).not.toContain(KEY);
  });

  it("waits as long as OpenAI's reset headers say on 429, and tells a spent credit from a rate limit", async () => {
    server.use(
      endpoint(() =>
        HttpResponse.json(rate, {
          status: 429,
          headers: { 'x-ratelimit-reset-requests': '1m30s', 'x-ratelimit-reset-tokens': '120ms' },
        }),
      ),
    );
    expect(await calls.failure(provider())).toMatchObject({ code: 'rate_limited', retryAfterMs: 90_000 });
    server.use(
      endpoint(() =>
        HttpResponse.json(rate, { status: 429, headers: { 'x-ratelimit-reset-requests': 'soon' } }),
      ),
    );
    expect((await calls.failure(provider())).retryAfterMs).toBeUndefined();
    server.use(...calls.fail('429'));
    expect(await calls.failure(provider())).toMatchObject({ code: 'quota_exceeded' });
  });
});

describe('openai definition', () => {
  it('describes the provider without importing it', () => {
    expect(providerDefinition).toMatchObject({
      id: 'openai',
      apiKeyEnv: 'OPENAI_API_KEY',
      baseUrlEnv: 'OPENAI_BASE_URL',
    });
  });
});

describeHttpStatusContract('openai', { kit, server });

describe('a hostile Responses answer', () => {
  const responseWith = (text: string, annotations: unknown[]) => ({
    output: [{ type: 'message', content: [{ type: 'output_text', text, annotations }] }],
  });

  it('50,000 citations: the first 256 are read, each a result at most once', () => {
    const annotations = Array.from({ length: 50_000 }, (_, i) => ({
      type: 'url_citation',
      url: `https://site${i}.example/`,
      start_index: 0,
      end_index: 5,
    }));
    const { results } = fromResponsesBody(responseWith('Claim one. Claim two.', annotations));
    expect(results).toHaveLength(256);
    expect(results[255]?.url).toBe('https://site255.example/');
  });

  it('a citation index inside a tag leaves no tag opening in the snippet', () => {
    const text =
      'Heat pumps save energy. <img src="https://x.example/a.png"> ([x.example](https://x.example/))';
    const start = text.indexOf('src=') + 2;
    const { results } = fromResponsesBody(
      responseWith(text, [
        { type: 'url_citation', url: 'https://x.example/', start_index: start, end_index: start },
      ]),
    );
    expect(results[0]?.snippet).toBe('Heat pumps save energy.');
  });
});
