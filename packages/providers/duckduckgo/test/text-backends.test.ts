import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSearchClient, loadSearchConfig, type SearchRequest } from '@agent-search/core';
import { HANG_MS, hang, searchRequest, useMswServer } from '@agent-search/testing';
import { HttpResponse, http, passthrough } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createDuckDuckGoProvider, providerDefinition } from '../src/index.ts';
import { TextBackendOrder } from '../src/text-backends.ts';
import { djs, fixture, htmlEndpoint, recordRequests, URLS, vqdPage } from './handlers.ts';

const server = useMswServer();
const requests = recordRequests(server);

const request = (overrides: Partial<SearchRequest> = {}) =>
  searchRequest({ query: 'rust ownership', ...overrides });

const endpoints = () =>
  requests.map((r) => {
    const url = new URL(r.url);
    return url.host + url.pathname;
  });

const D_JS = ['duckduckgo.com/', 'links.duckduckgo.com/d.js'];
const HTML = 'html.duckduckgo.com/html/';

/** The HTML endpoint never answering; `aborted` counts the hung requests that were given up on. */
function hungHtmlEndpoint() {
  const state = { aborted: 0 };
  server.use(
    http.post(URLS.html, ({ request }) => {
      request.signal.addEventListener('abort', () => state.aborted++);
      return hang(request);
    }),
  );
  return state;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the HTML endpoint hangs, d.js answers', () => {
  it('hands the search to d.js after the handover time and aborts the hung request', async () => {
    const hung = hungHtmlEndpoint();
    server.use(vqdPage(), djs());
    const provider = createDuckDuckGoProvider({ textHandoverMs: 100 });
    const { results } = await provider.search(request(), { signal: AbortSignal.timeout(HANG_MS) });
    expect(endpoints()).toEqual([HTML, ...D_JS]);
    expect(results[0]).toMatchObject({
      url: 'https://doc.rust-lang.org/book/ch04-01-what-is-ownership.html',
    });
    await expect.poll(() => hung.aborted).toBe(1);
  });

  it('starts the next search with d.js, the backend that answered', async () => {
    hungHtmlEndpoint();
    server.use(vqdPage(), djs());
    const provider = createDuckDuckGoProvider({ textHandoverMs: 100 });
    await provider.search(request(), { signal: AbortSignal.timeout(HANG_MS) });
    requests.length = 0;
    const { results } = await provider.search(request(), { signal: AbortSignal.timeout(HANG_MS) });
    expect(results).toHaveLength(4);
    // d.js alone: the hung endpoint is not asked again, so nothing waits for a handover.
    expect(endpoints()).toEqual(D_JS);
  });

  it.each([
    ['default settings', {}],
    ['SEARCH_TIMEOUT_MS=4000', { SEARCH_TIMEOUT_MS: '4000' }],
    [
      'SEARCH_TIMEOUT_MS=4000, SEARCH_ATTEMPT_TIMEOUT_MS=4000',
      { SEARCH_TIMEOUT_MS: '4000', SEARCH_ATTEMPT_TIMEOUT_MS: '4000' },
    ],
  ])('the keyless default answers through the client (%s)', async (_, env) => {
    hungHtmlEndpoint();
    server.use(vqdPage(), djs());
    const { client } = loadSearchConfig(env, { definitions: [providerDefinition] });
    const response = await client.search({ query: 'rust ownership' });
    expect(response.provider).toBe('duckduckgo');
    expect(response.results.map((r) => r.url)).toContain(
      'https://doc.rust-lang.org/rust-by-example/scope/move.html',
    );
    expect(response.attempts).toEqual([
      expect.objectContaining({ provider: 'duckduckgo', outcome: 'success' }),
    ]);
    expect(endpoints()).toEqual([HTML, ...D_JS]);
  });

  it('answers through a client with a 3 s deadline', async () => {
    hungHtmlEndpoint();
    server.use(vqdPage(), djs());
    const client = createSearchClient({
      providers: [createDuckDuckGoProvider()],
      timeoutMs: 3_000,
      attemptTimeoutMs: 4_000,
    });
    const response = await client.search({ query: 'rust ownership' });
    expect(response).toMatchObject({ provider: 'duckduckgo', results: expect.any(Array) });
    expect(response.results).toHaveLength(4);
  });
});

describe('over a real socket', () => {
  let hungServer: Server | undefined;
  afterEach(async () => {
    hungServer?.closeAllConnections();
    hungServer?.close();
    hungServer = undefined;
  });

  it('a DUCKDUCKGO_HTML_URL that accepts the connection and never answers costs d.js nothing', async () => {
    const open: string[] = [];
    hungServer = createServer((req) => {
      open.push(req.method ?? '');
    });
    hungServer.listen(0, '127.0.0.1');
    await once(hungServer, 'listening');
    const { port } = hungServer.address() as AddressInfo;
    server.use(
      http.all(`http://127.0.0.1:${port}/*`, () => passthrough()),
      vqdPage(),
      djs(),
    );
    const { client } = loadSearchConfig(
      { SEARCH_TIMEOUT_MS: '4000', DUCKDUCKGO_HTML_URL: `http://127.0.0.1:${port}/html/` },
      { definitions: [providerDefinition] },
    );
    const response = await client.search({ query: 'rust ownership' });
    expect(response.provider).toBe('duckduckgo');
    expect(response.results).toHaveLength(4);
    expect(open).toEqual(['POST']);
  });
});

describe('racing the backends', () => {
  it('keeps the slow first backend in the race: its late answer still wins over a hung d.js', async () => {
    server.use(
      http.post(URLS.html, async () => {
        await delay(300);
        return new HttpResponse(fixture('html-results.html'), { headers: { 'content-type': 'text/html' } });
      }),
      http.get(URLS.vqd, ({ request }) => hang(request)),
    );
    const provider = createDuckDuckGoProvider({ textHandoverMs: 50 });
    const { results } = await provider.search(request(), { signal: AbortSignal.timeout(HANG_MS) });
    expect(results).toHaveLength(4);
    expect(endpoints()).toEqual([HTML, 'duckduckgo.com/']);
  });

  it('moves on at once when the first backend fails, without waiting for the handover', async () => {
    server.use(htmlEndpoint('html-anomaly.html', 503), vqdPage(), djs());
    // A handover later than the hang bound: a search that waited for it would fail the test as hung.
    const provider = createDuckDuckGoProvider({ textHandoverMs: 2 * HANG_MS });
    const { results } = await provider.search(request(), { signal: new AbortController().signal });
    expect(results).toHaveLength(4);
  });

  it('puts the HTML endpoint back in front once d.js fails in its turn', async () => {
    const provider = createDuckDuckGoProvider();
    const search = () => provider.search(request(), { signal: AbortSignal.timeout(HANG_MS) });
    server.use(htmlEndpoint('html-anomaly.html', 503), vqdPage(), djs());
    await search();
    expect(endpoints()).toEqual([HTML, ...D_JS]);

    requests.length = 0;
    server.use(htmlEndpoint(), djs('d.js-anomaly.js'));
    expect(await search()).toMatchObject({ results: expect.any(Array) });
    expect(endpoints()).toEqual([...D_JS, HTML]);

    requests.length = 0;
    await search();
    expect(endpoints()).toEqual([HTML]);
  });

  it('rejects with the signal reason when the attempt ends, aborting the hung request', async () => {
    const hung = hungHtmlEndpoint();
    server.use(http.get(URLS.vqd, ({ request }) => hang(request)));
    const controller = new AbortController();
    const reason = new Error('attempt timed out');
    const provider = createDuckDuckGoProvider({ textHandoverMs: 50 });
    const pending = provider.search(request(), { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 300);
    await expect(pending).rejects.toBe(reason);
    expect(endpoints()).toEqual([HTML, 'duckduckgo.com/']);
    await expect.poll(() => hung.aborted).toBe(1);
  });

  it('sets aside a backend that used up its share before the attempt ended', async () => {
    hungHtmlEndpoint();
    server.use(http.get(URLS.vqd, ({ request }) => hang(request)));
    const provider = createDuckDuckGoProvider({ textHandoverMs: 400 });
    const controller = new AbortController();
    const pending = provider.search(request(), { signal: controller.signal });
    // The HTML endpoint had its 400 ms; d.js only started when the attempt ended.
    setTimeout(() => controller.abort(new Error('attempt timed out')), 600);
    await pending.catch(() => undefined);
    expect(endpoints()).toEqual([HTML, 'duckduckgo.com/']);

    requests.length = 0;
    server.use(vqdPage(), djs());
    await provider.search(request(), { signal: AbortSignal.timeout(HANG_MS) });
    expect(endpoints()).toEqual(D_JS);
  });
});

describe('textHandoverMs', () => {
  it('must be a non-negative number of ms', () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createDuckDuckGoProvider({ textHandoverMs: bad })).toThrow(/textHandoverMs/);
    }
    expect(() => createDuckDuckGoProvider({ textHandoverMs: 0 })).not.toThrow();
  });
});

describe('TextBackendOrder', () => {
  it('keeps the configured order until a backend fails, then tries it last for a while', () => {
    let now = 1_000_000;
    const order = new TextBackendOrder(['html', 'djs'], () => now);
    expect(order.current()).toEqual(['html', 'djs']);
    order.setAside('html');
    expect(order.current()).toEqual(['djs', 'html']);
    now += 59_000;
    expect(order.current()).toEqual(['djs', 'html']);
    now += 2_000;
    expect(order.current()).toEqual(['html', 'djs']);
  });

  it('only an answer to a request started after the failure clears it', () => {
    let now = 1_000_000;
    const order = new TextBackendOrder(['html', 'djs'], () => now);
    const startedBefore = now;
    now += 10;
    order.setAside('html');
    order.answered('html', startedBefore);
    expect(order.current()).toEqual(['djs', 'html']);
    order.answered('html', now);
    expect(order.current()).toEqual(['html', 'djs']);
  });

  it('honours a long Retry-After, capped at an hour', () => {
    let now = 1_000_000;
    const order = new TextBackendOrder(['djs', 'html'], () => now);
    order.setAside('djs', 99_999_999_000);
    expect(order.current()).toEqual(['html', 'djs']);
    now += 3_599_000;
    expect(order.current()).toEqual(['html', 'djs']);
    now += 2_000;
    expect(order.current()).toEqual(['djs', 'html']);
  });
});
