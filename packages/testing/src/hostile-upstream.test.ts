import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type HostileUpstream,
  hostileError,
  hostileResults,
  hugeAnswer,
  slowDrip,
  startHostileUpstream,
} from './hostile-upstream.ts';

let upstream: HostileUpstream;
beforeAll(async () => {
  upstream = await startHostileUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => upstream.reset());

const post = (path: string, body = '{"query":"q"}') =>
  fetch(`${upstream.origin}${path}`, { method: 'POST', body, redirect: 'manual' });

describe('hostile upstream', () => {
  it('answers each provider route with its API shape and records the request', async () => {
    upstream.answer('tavily', hostileResults('tavily'));
    upstream.answer('duckduckgo', hostileResults('duckduckgo'));
    const tavily = (await (await post('/tavily/search')).json()) as { results: { content: string }[] };
    expect(tavily.results.some((r) => r.content.includes('[[2]2] Evil bank login'))).toBe(true);
    const html = await (await post('/html/', 'q=x')).text();
    expect(html).toContain('result__snippet');
    expect(upstream.requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', '/tavily/search'],
      ['POST', '/html/'],
    ]);
  });

  it('serves error bodies with escape codes under the given status', async () => {
    upstream.answer('exa', hostileError('exa', 400));
    const response = await post('/exa/search');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('\\u001b]0;pwned');
  });

  it('generates a huge body lazily and counts only the bytes written', async () => {
    upstream.answer('perplexity', hugeAnswer('perplexity', { bytes: 3 * 1024 * 1024, declareLength: true }));
    const response = await post('/perplexity/search');
    const declared = Number(response.headers.get('content-length'));
    expect(declared).toBeLessThanOrEqual(3 * 1024 * 1024);
    expect(declared).toBeGreaterThan(3 * 1024 * 1024 - 200);
    const text = await response.text();
    expect(text.length).toBe(declared);
    expect((JSON.parse(text) as { results: unknown[] }).results.length).toBeGreaterThan(10_000);
    expect(upstream.bytesSent('perplexity')).toBe(declared);
  });

  it('redirects, drips and resets', async () => {
    upstream.answer('exa', { kind: 'redirect', status: 308, location: 'http://elsewhere.invalid/x' });
    const redirect = await post('/exa/search');
    expect([redirect.status, redirect.headers.get('location')]).toEqual([308, 'http://elsewhere.invalid/x']);

    upstream.answer('tavily', slowDrip('tavily', 10));
    const drip = await post('/tavily/search');
    const reader = drip.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('{"results":[');
    await reader.cancel();

    upstream.answer('duckduckgo', { kind: 'reset' });
    await expect(post('/html/')).rejects.toThrow(/fetch failed/);
  });
});
