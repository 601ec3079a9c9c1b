import type { ProviderDefinition } from '@agent-search/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type HostileUpstream,
  hostileError,
  hostileResults,
  hugeAnswer,
  slowDrip,
  startHostileUpstream,
} from './hostile-upstream.ts';
import { jsonBody, jsonListFraming, type ProviderKit } from './kit.ts';

let upstream: HostileUpstream;
beforeAll(async () => {
  upstream = await startHostileUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

const post = (path: string, body = '{"query":"q"}') =>
  fetch(`${upstream.origin}${path}`, { method: 'POST', body, redirect: 'manual' });

/** Kits of two made-up APIs: a JSON one under `/search` and an HTML page at its base URL. */
function testKit(id: string, parts: Partial<ProviderKit>): ProviderKit {
  const definition = { id, name: id, capabilities: {}, load: () => Promise.reject() } as unknown;
  const unused = () => {
    throw new Error('not built in these tests');
  };
  return {
    definition: definition as ProviderDefinition,
    create: unused,
    fromEnv: unused,
    route: { method: 'POST', path: '/search' },
    answer: (entries) => jsonBody({ results: entries.map((e) => ({ ...e, content: e.snippet })) }),
    error: (_status, message) => jsonBody({ error: message }),
    framing: jsonListFraming(
      '{"results":[',
      '{"title":"Title","url":"https://example.com/","content":"x"}',
      ']}',
    ),
    ...parts,
  };
}
const api = testKit('api', {});
const page = testKit('page', {
  route: { method: 'POST', path: '' },
  answer: (entries) => ({
    contentType: 'text/html',
    body: entries.map((e) => `<a class="result__snippet">${e.snippet}</a>`).join(''),
  }),
});

describe('hostile upstream', () => {
  it('answers each kit route with its API shape, records the request and holds the route to its method', async () => {
    upstream.answer(api, hostileResults(api));
    upstream.answer(page, hostileResults(page));
    expect(upstream.baseURL(api)).toBe(`${upstream.origin}/api`);
    const json = (await (await post('/api/search')).json()) as { results: { content: string }[] };
    expect(json.results.some((r) => r.content.includes('[[2]2] Evil bank login'))).toBe(true);
    const html = await (await post('/page/', 'q=x')).text();
    expect(html).toContain('result__snippet');
    expect((await fetch(`${upstream.origin}/api/search`)).status).toBe(405);
    expect(upstream.requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', '/api/search'],
      ['POST', '/page/'],
      ['GET', '/api/search'],
    ]);
  });

  it('serves error bodies with escape codes under the given status', async () => {
    upstream.answer(api, hostileError(api, 400));
    const response = await post('/api/search');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('\\u001b]0;pwned');
  });

  it('generates a huge body lazily and counts only the bytes written', async () => {
    upstream.answer(api, hugeAnswer(api, { bytes: 3 * 1024 * 1024, declareLength: true }));
    const response = await post('/api/search');
    const declared = Number(response.headers.get('content-length'));
    expect(declared).toBeLessThanOrEqual(3 * 1024 * 1024);
    expect(declared).toBeGreaterThan(3 * 1024 * 1024 - 200);
    const text = await response.text();
    expect(text.length).toBe(declared);
    expect((JSON.parse(text) as { results: unknown[] }).results.length).toBeGreaterThan(10_000);
    expect(upstream.bytesSent(api)).toBe(declared);
  });

  it('redirects, drips and resets', async () => {
    upstream.answer(api, { kind: 'redirect', status: 308, location: 'http://elsewhere.invalid/x' });
    const redirect = await post('/api/search');
    expect([redirect.status, redirect.headers.get('location')]).toEqual([308, 'http://elsewhere.invalid/x']);

    upstream.answer(api, slowDrip(api, 10));
    const drip = await post('/api/search');
    const reader = drip.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('{"results":[');
    await reader.cancel();

    upstream.answer(page, { kind: 'reset' });
    await expect(post('/page')).rejects.toThrow(/fetch failed/);
  });
});
