import {
  createSearchClient,
  isSearchError,
  type SearchErrorCode,
  type SearchMode,
  type SearchProvider,
  type SearchRequestInput,
} from '@agent-search/core';
import { HttpResponse, type HttpResponseResolver, type JsonBodyType, type RequestHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { HANG_MS } from './hang.ts';
import {
  deepAnswer,
  type HostileAnswer,
  hostileResults,
  hostileRoute,
  hugeAnswer,
  slowDrip,
  wideAnswer,
} from './hostile-upstream.ts';
import type { KitProviderOptions, ProviderKit } from './kit.ts';
import { hang, type MswServer } from './msw.ts';
import { searchRequest } from './requests.ts';
import { requestsDuring } from './search-api.ts';
import { useHostileUpstream } from './use-hostile-upstream.ts';

/** A fault the provider must turn into a `SearchError` with `code`. */
export interface FaultCase {
  name: string;
  handlers: RequestHandler[];
  code: SearchErrorCode;
}

export interface ProviderConformanceOptions {
  /** The package's test kit; `createProvider`, `hostile` and `createWithKey` are derived from it. */
  kit?: ProviderKit;
  /** A fresh provider for each test (so cool-downs or cookies don't leak between tests). */
  createProvider?: () => SearchProvider;
  server: MswServer;
  /** Handlers answering every supported mode with at least `minResults` realistic results. */
  resultHandlers: (mode: SearchMode) => RequestHandler[];
  /** How many results `resultHandlers` yields at least (default 3). */
  minResults?: number;
  /** Handlers answering with no results. */
  emptyHandlers?: (mode: SearchMode) => RequestHandler[];
  /** Handlers that never answer until aborted. */
  hangHandlers?: RequestHandler[];
  /**
   * For an API with one endpoint: a handler for it answering with `resolver` (`(r) => http.post(URL, r)`).
   * The hung upstream is then derived, and with `emptyAnswer`, the empty one.
   */
  endpoint?: (resolver: HttpResponseResolver) => RequestHandler;
  /** The API's answer when it finds nothing, served by `endpoint`. */
  emptyAnswer?: JsonBodyType;
  faults: FaultCase[];
  /**
   * Asserts that the last upstream request(s) carried the request's time range and domain filters.
   * Called after a search with `timeRange: 'd'` and `includeDomains: ['example.com']` (when supported).
   */
  expectFiltersSent?: (requests: Request[], input: SearchRequestInput) => void | Promise<void>;
  /** For providers that need a key: the provider created with this key (missing, empty or blank). */
  createWithKey?: (apiKey: string | undefined) => SearchProvider;
  /**
   * The provider pointed at a real loopback server answering like its API (`startHostileUpstream`, with
   * the wire format of `kit`): redirects, huge and slow bodies, keys echoed in errors. Derived from `kit`;
   * what is given here wins.
   */
  hostile?: Partial<HostileOptions>;
}

export interface HostileOptions {
  /** The kit whose route and answers the loopback server takes. */
  kit: ProviderKit;
  /** The provider with `baseURL` and the options given (its `maxBodyBytes`, its `fetch`). */
  createProvider: (baseURL: string, options?: HostileProviderOptions) => SearchProvider;
  /** The provider as configuration builds it, its base-URL variable set to `baseURL`. */
  fromEnv?: (baseURL: string) => SearchProvider;
  /** The credential the provider sends (API key), which must never reach another origin. */
  secret?: string;
}

/** Options every provider takes beside `baseURL`, which the transport tests set. */
export interface HostileProviderOptions {
  maxBodyBytes?: number;
  fetch?: typeof globalThis.fetch;
}

type ResolvedOptions = Omit<ProviderConformanceOptions, 'hostile'> & {
  hostile?: HostileOptions;
  createProvider: () => SearchProvider;
  emptyHandlers: (mode: SearchMode) => RequestHandler[];
  hangHandlers: RequestHandler[];
};

/** The empty and hung upstreams, given or derived from the endpoint. */
function upstreamStates(options: ProviderConformanceOptions) {
  const { endpoint, emptyAnswer } = options;
  const emptyHandlers =
    options.emptyHandlers ??
    (endpoint && emptyAnswer !== undefined
      ? () => [endpoint(() => HttpResponse.json(emptyAnswer))]
      : undefined);
  const hangHandlers =
    options.hangHandlers ?? (endpoint ? [endpoint(({ request }) => hang(request))] : undefined);
  if (!emptyHandlers || !hangHandlers) {
    throw new TypeError(
      'describeProviderConformance needs emptyHandlers and hangHandlers, or endpoint and emptyAnswer',
    );
  }
  return { emptyHandlers, hangHandlers };
}

/** The options with what the kit implies filled in; anything given explicitly wins. */
function fromKit(options: ProviderConformanceOptions): ResolvedOptions {
  const { kit, hostile: given, ...rest } = options;
  if (!kit) {
    const { createProvider } = options;
    if (!createProvider) throw new TypeError('describeProviderConformance needs createProvider or kit');
    if (given) throw new TypeError('describeProviderConformance needs a kit for the hostile upstream');
    return { ...rest, ...upstreamStates(options), createProvider };
  }
  const { definition, apiKey } = kit;
  const create = (extra: Partial<KitProviderOptions> = {}) =>
    kit.create({ apiKey, baseURL: kit.baseURL, ...extra });
  const hostile: HostileOptions = {
    kit,
    ...(apiKey ? { secret: apiKey } : {}),
    createProvider: (baseURL, extra) => create({ baseURL, ...extra }),
    ...(definition.baseUrlEnv
      ? {
          fromEnv: (baseURL: string) =>
            kit.fromEnv({
              ...(definition.apiKeyEnv ? { [definition.apiKeyEnv]: apiKey } : {}),
              [definition.baseUrlEnv as string]: baseURL,
            }),
        }
      : {}),
    ...given,
  };
  return {
    ...rest,
    ...upstreamStates(options),
    createProvider: options.createProvider ?? (() => create()),
    hostile,
    ...(definition.apiKeyEnv && !options.createWithKey
      ? { createWithKey: (key: string | undefined) => create({ apiKey: key }) }
      : {}),
  };
}

const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** What `run` passed to `JSON.parse` (the texts, as strings), with its result: work counted, not timed. */
async function parsesDuring<T>(run: () => Promise<T>): Promise<{ result: T; parsed: string[] }> {
  const spy = vi.spyOn(JSON, 'parse');
  try {
    const result = await run();
    return { result, parsed: spy.mock.calls.map(([text]) => String(text)) };
  } finally {
    spy.mockRestore();
  }
}

/**
 * The suite every provider passes: the same modes, limits, filters, error classification and abort
 * behaviour, whatever the upstream API looks like.
 */
export function describeProviderConformance(name: string, given: ProviderConformanceOptions): void {
  const options = fromKit(given);
  const { server } = options;
  const minResults = options.minResults ?? 3;

  describe(`${name} conformance`, () => {
    if (options.hostile) describeHostileUpstream(server, options.hostile);

    it('declares a v1 spec with a lower-case id and at least text mode', () => {
      const provider = options.createProvider();
      expect(provider.specificationVersion).toBe('v1');
      expect(provider.id).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(provider.capabilities.modes).toContain('text');
    });

    for (const mode of ['text', 'news', 'videos'] as const) {
      it(`${mode}: returns clean, normalized results through the client when supported`, async () => {
        const provider = options.createProvider();
        if (!provider.capabilities.modes.includes(mode)) {
          const client = createSearchClient({ providers: [provider] });
          await expect(client.search({ query: 'q', mode })).rejects.toMatchObject({ code: 'no_provider' });
          return;
        }
        server.use(...options.resultHandlers(mode));
        const client = createSearchClient({ providers: [provider] });
        const response = await client.search({ query: 'conformance query', mode, maxResults: 10 });
        expect(response.provider).toBe(provider.id);
        expect(response.mode).toBe(mode);
        expect(response.results.length).toBeGreaterThanOrEqual(minResults);
        for (const r of response.results) {
          expect(r.url).toMatch(/^https?:\/\//);
          expect(r.title.length).toBeGreaterThan(0);
          expect(r.title).not.toMatch(/<\/?[a-z][^>]*>/i);
          expect(r.snippet).not.toMatch(/<\/?[a-z][^>]*>/i);
          expect(r.provider).toBe(provider.id);
          if (r.publishedAt) expect(r.publishedAt).toMatch(isoDate);
        }
        expect(new Set(response.results.map((r) => r.url)).size).toBe(response.results.length);
      });
    }

    it('honours maxResults', async () => {
      server.use(...options.resultHandlers('text'));
      const client = createSearchClient({ providers: [options.createProvider()] });
      const response = await client.search({ query: 'conformance query', maxResults: 2 });
      expect(response.results.length).toBeLessThanOrEqual(2);
      expect(response.results.length).toBeGreaterThan(0);
    });

    it('returns an empty result list, not an error, when the upstream finds nothing', async () => {
      server.use(...options.emptyHandlers('text'));
      const client = createSearchClient({ providers: [options.createProvider()] });
      const response = await client.search({ query: 'zzzzqqqq nothing matches' });
      expect(response.results).toEqual([]);
    });

    if (options.expectFiltersSent) {
      it('sends the time range and domain filters upstream', async () => {
        const provider = options.createProvider();
        server.use(...options.resultHandlers('text'));
        const input: SearchRequestInput = {
          query: 'filters query',
          timeRange: 'd',
          ...(provider.capabilities.domainFilter === 'none' ? {} : { includeDomains: ['example.com'] }),
        };
        const requests = await requestsDuring(server, () =>
          createSearchClient({ providers: [provider] })
            .search(input)
            .catch(() => undefined),
        );
        expect(requests.length).toBeGreaterThan(0);
        await options.expectFiltersSent?.(requests, input);
      });
    }

    for (const fault of options.faults) {
      it(`maps ${fault.name} to ${fault.code}`, async () => {
        server.use(...fault.handlers);
        const provider = options.createProvider();
        const error = await provider
          .search(searchRequest({ query: 'fault query' }), { signal: AbortSignal.timeout(5_000) })
          .then(
            () => undefined,
            (e: unknown) => e,
          );
        expect(isSearchError(error), `expected a SearchError, got ${String(error)}`).toBe(true);
        expect(error).toMatchObject({ code: fault.code, provider: provider.id });
      });
    }

    it('gives up on a hung upstream within the deadline, with code timeout', async () => {
      server.use(...options.hangHandlers);
      const client = createSearchClient({ providers: [options.createProvider()], timeoutMs: 300 });
      // The upstream never answers: only the deadline can end the search, and the code says it did. How
      // late a timer fires on a busy machine is not this test's verdict.
      const error = await client.search({ query: 'hang query' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'timeout' });
    });

    if (options.createWithKey) {
      const createWithKey = options.createWithKey;
      it('is not configured without a key, and then fails unauthorized without touching the network', async () => {
        for (const apiKey of [undefined, '', '   ']) {
          const provider = createWithKey(apiKey);
          expect(provider.configured).toBe(false);
          let error: unknown;
          const requests = await requestsDuring(server, async () => {
            error = await provider
              .search(searchRequest(), { signal: AbortSignal.timeout(5_000) })
              .catch((e: unknown) => e);
          });
          expect(error).toMatchObject({ code: 'unauthorized', provider: provider.id });
          expect(requests).toEqual([]);
        }
      });
    }

    it("honours the caller's AbortSignal", async () => {
      server.use(...options.hangHandlers);
      const client = createSearchClient({ providers: [options.createProvider()], timeoutMs: 10_000 });
      const controller = new AbortController();
      const pending = client.search({ query: 'abort query' }, { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    });
  });
}

const MB = 1024 * 1024;

/** Transport rules every provider keeps against a hostile upstream: redirects, body size, slow bodies. */
function describeHostileUpstream(server: MswServer, hostile: HostileOptions): void {
  describe('against a hostile upstream', () => {
    // Real sockets: msw lets requests to both loopback servers through.
    const upstream = useHostileUpstream(server);
    const elsewhere = useHostileUpstream(server);
    const route = hostile.kit;
    const provider = (maxBodyBytes?: number) =>
      hostile.createProvider(upstream.baseURL(route), maxBodyBytes === undefined ? {} : { maxBodyBytes });

    for (const status of [301, 302, 303, 307, 308] as const) {
      it(`refuses an HTTP ${status} redirect to another origin: nothing, and no key, is sent there`, async () => {
        elsewhere.answer(route, hostileResults(route));
        upstream.answer(route, {
          kind: 'redirect',
          status,
          location: `${elsewhere.origin}${hostileRoute(route)}`,
        });
        const error = await provider()
          .search(searchRequest({ query: 'redirect query' }), { signal: AbortSignal.timeout(5_000) })
          .catch((e: unknown) => e);
        expect(isSearchError(error), `expected a SearchError, got ${String(error)}`).toBe(true);
        expect((error as Error).message).toMatch(/redirected the request to another origin/);
        expect(upstream.requests.length).toBeGreaterThan(0);
        expect(elsewhere.requests).toEqual([]);
        if (hostile.secret) expect(JSON.stringify(upstream.requests)).toContain(hostile.secret);
      });
    }

    it('follows a redirect within the configured origin', async () => {
      const moved = `/moved${hostileRoute(route)}`;
      upstream.answer(route, { kind: 'redirect', status: 307, location: moved });
      upstream.answer(moved as `/${string}`, hostileResults(route));
      const response = await provider().search(searchRequest({ query: 'moved query' }), {
        signal: AbortSignal.timeout(5_000),
      });
      expect(response.results.length).toBeGreaterThan(0);
      expect(upstream.requests.map((r) => r.path)).toContain(moved);
    });

    it('sends its requests to the base URL, and every request through the fetch it is given', async () => {
      upstream.answer(route, hostileResults(route));
      const carried: string[] = [];
      const recording: typeof globalThis.fetch = (input, init) => {
        carried.push(input instanceof Request ? input.url : String(input));
        return fetch(input, init);
      };
      const response = await hostile
        .createProvider(upstream.baseURL(route), { fetch: recording })
        .search(searchRequest({ query: 'fetch query' }), { signal: AbortSignal.timeout(5_000) });
      expect(response.results.length).toBeGreaterThan(0);
      expect(upstream.requests.length).toBeGreaterThan(0);
      expect(carried).toHaveLength(upstream.requests.length);
      expect(carried.every((url) => url.startsWith(upstream.origin))).toBe(true);
    });

    if (hostile.fromEnv) {
      const fromEnv = hostile.fromEnv;
      it('reads its base URL from its environment variable', async () => {
        upstream.answer(route, hostileResults(route));
        const response = await fromEnv(upstream.baseURL(route)).search(
          searchRequest({ query: 'env query' }),
          {
            signal: AbortSignal.timeout(5_000),
          },
        );
        expect(response.results.length).toBeGreaterThan(0);
        expect(upstream.requests.map((r) => r.path)).toContain(hostileRoute(route));
      });
    }

    if (hostile.secret) {
      const secret = hostile.secret;
      // Some gateways echo the request's headers back in their error bodies; the key must not reach an error.
      const echoes: [string, (headers: string) => HostileAnswer][] = [
        ...[400, 401, 402, 403, 429, 500].map((status): [string, (headers: string) => HostileAnswer] => [
          `HTTP ${status} JSON`,
          (headers) => ({
            kind: 'body',
            status,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              error: { message: `Invalid key ${headers}` },
              detail: { error: headers },
            }),
          }),
        ]),
        ['HTTP 400 plain text', (headers) => ({ kind: 'body', status: 400, body: `bad request ${headers}` })],
        [
          'HTTP 200 malformed JSON',
          (headers) => ({
            kind: 'body',
            headers: { 'content-type': 'application/json' },
            body: `{"oops": "${headers}`,
          }),
        ],
      ];
      for (const [name, echo] of echoes) {
        it(`keeps its key out of the error when an ${name} answer echoes the request's headers`, async () => {
          upstream.answer(route, (request) => echo(JSON.stringify(request.headers)));
          const error = await provider()
            .search(searchRequest({ query: 'echo query' }), { signal: AbortSignal.timeout(5_000) })
            .catch((e: unknown) => e);
          expect(isSearchError(error), `expected a SearchError, got ${String(error)}`).toBe(true);
          // The upstream did receive the key: the test would pass vacuously otherwise.
          expect(JSON.stringify(upstream.requests)).toContain(secret);
          const texts = [JSON.stringify(error)];
          for (let e: unknown = error; e instanceof Error; e = e.cause)
            texts.push(e.message, String(e.stack));
          for (const text of texts) expect(text).not.toContain(secret);
        });
      }
    }

    it('stops reading a 100 MB answer at the 5 MB limit', async () => {
      upstream.answer(route, hugeAnswer(route));
      // A deadline no busy machine reaches: the limit must end the search, not the clock.
      const client = createSearchClient({ providers: [provider()], timeoutMs: HANG_MS });
      const error = await client.search({ query: 'huge query' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'provider_error' });
      expect((error as Error).message).toMatch(/larger than 5 MB/);
      // Socket buffers let the server run a little ahead of the reader, never by the 95 MB left: it
      // stopped reading, rather than parsing 100 MB.
      expect(upstream.bytesSent(route)).toBeLessThan(30 * MB);
    });

    // The body limit caps bytes; structure is capped too, before the body is parsed (counted, not timed).
    const json = /json/i.test(route.framing.contentType);
    it.skipIf(!json)('refuses an answer nested 10,000 deep, with code provider_error', async () => {
      upstream.answer(route, deepAnswer(route));
      const client = createSearchClient({ providers: [provider()], timeoutMs: 3_000 });
      const { result: error, parsed } = await parsesDuring(() =>
        client.search({ query: 'deep query' }).catch((e: unknown) => e),
      );
      expect(error).toMatchObject({ code: 'provider_error' });
      expect((error as Error).message).toMatch(/nested deeper than/);
      // Refused before parsing (counted, not timed): no JSON.parse of the answer was even started.
      expect(parsed.filter((text) => text.includes('[[[[[[[[')).length).toBe(0);
    });

    it.skipIf(!json)('refuses an answer listing 50,000 results, with code provider_error', async () => {
      upstream.answer(
        route,
        wideAnswer(route, Math.min(50_000, Math.floor((4 * MB) / route.framing.repeat.length))),
      );
      const client = createSearchClient({ providers: [provider()], timeoutMs: 3_000 });
      const { result: error, parsed } = await parsesDuring(() =>
        client.search({ query: 'wide query' }).catch((e: unknown) => e),
      );
      expect(error).toMatchObject({ code: 'provider_error' });
      expect((error as Error).message).toMatch(/more than 50,000 items/);
      // Nothing of its size reached JSON.parse: the shape check ended it first.
      expect(parsed.filter((text) => text.length > 64 * 1024).length).toBe(0);
    });

    // A markup answer has no shape limit to check: its parser must be linear, and keep only what it returns.
    it.skipIf(json)(
      'reads a 4 MB page of markup nested 500,000 deep, or of thousands of results, to an answer or a refusal',
      async () => {
        const { contentType, prefix, suffix } = route.framing;
        const deep = `${prefix}${'<div>'.repeat(500_000)}${'</div>'.repeat(300_000)}${suffix}`;
        const count = Math.floor((4 * MB) / route.framing.repeat.length);
        const answers = [
          { kind: 'body' as const, status: 200, headers: { 'content-type': contentType }, body: deep },
          wideAnswer(route, count),
        ];
        for (const answer of answers) {
          upstream.answer(route, answer);
          // A deadline no busy machine reaches: the answer must end the search, not the clock.
          const client = createSearchClient({ providers: [provider()], timeoutMs: HANG_MS });
          const outcome = await client.search({ query: 'markup query', maxResults: 5 }).then(
            (r) => r.results.length,
            (e: unknown) => (e as { code?: string }).code,
          );
          // Refused as unreadable, or answered with what was asked for: never the deadline, never thousands.
          // (How long it holds the event loop is measured by the bench's hostile-answers figure.)
          expect(
            outcome === 'provider_error' || (typeof outcome === 'number' && outcome <= 5),
            String(outcome),
          ).toBe(true);
        }
      },
    );

    it('applies its maxBodyBytes option, also to a body whose Content-Length declares the size', async () => {
      upstream.answer(route, hugeAnswer(route, { bytes: 2 * MB, declareLength: true }));
      const error = await provider(64 * 1024)
        .search(searchRequest({ query: 'limit query' }), { signal: AbortSignal.timeout(HANG_MS) })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'provider_error' });
      expect((error as Error).message).toMatch(/larger than 64 KB/);
    });

    it('ends a slow-drip body at the deadline, with code timeout', async () => {
      upstream.answer(route, slowDrip(route));
      const client = createSearchClient({ providers: [provider()], timeoutMs: 500 });
      // The drip never ends: only the deadline can end the search, and the code says it did.
      const error = await client.search({ query: 'drip query' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'timeout' });
    });
  });
}
