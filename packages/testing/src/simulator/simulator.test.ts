import { get } from 'node:https';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleLatency, seededRandom } from './latency.ts';
import { vqdFor } from './payloads.ts';
import { type ProviderSimulator, startProviderSimulator } from './server.ts';

let sim: ProviderSimulator;
beforeAll(async () => {
  sim = await startProviderSimulator();
});
afterEach(() => sim.reset());
afterAll(() => sim.close());

const postJson = (url: string, body: unknown, signal?: AbortSignal) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected loosely
type Json = any;
const json = async (response: Response): Promise<Json> => response.json();
const postForm = (url: string, form: Record<string, string>) =>
  fetch(url, { method: 'POST', body: new URLSearchParams(form) });

/** A GET through the simulator's agent, as duck-duck-scrape (needle) sends it: https, real host name. */
function getThroughAgent(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: sim.agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

describe('latency distributions', () => {
  it('are reproducible from a seed and stay within their bounds', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const draws = Array.from({ length: 2_000 }, () =>
      sampleLatency({ kind: 'pareto', minMs: 10, alpha: 1.5 }, a),
    );
    expect(draws).toEqual(
      Array.from({ length: 2_000 }, () => sampleLatency({ kind: 'pareto', minMs: 10, alpha: 1.5 }, b)),
    );
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(10);
    const normal = Array.from({ length: 2_000 }, () =>
      sampleLatency({ kind: 'normal', meanMs: 50, sdMs: 80 }, a),
    );
    expect(Math.min(...normal)).toBe(0);
    expect(sampleLatency({ kind: 'fixed', ms: 12 }, a)).toBe(12);
  });

  it('gives the lognormal its median and a heavy tail', () => {
    const random = seededRandom(3);
    const draws = Array.from({ length: 4_000 }, () =>
      sampleLatency({ kind: 'lognormal', medianMs: 20, sigma: 1 }, random),
    );
    draws.sort((x, y) => x - y);
    const median = draws[2_000]!;
    const p99 = draws[3_960]!;
    expect(median).toBeGreaterThan(17);
    expect(median).toBeLessThan(23);
    expect(p99 / median).toBeGreaterThan(6);
  });
});

describe('provider simulator', () => {
  it('answers Tavily and Exa searches with as many results as asked', async () => {
    const tavily = await json(
      await postJson(`${sim.urls.tavily}/search`, { query: 'heat pump', max_results: 3 }),
    );
    expect(tavily).toMatchObject({ query: 'heat pump', answer: null, images: [] });
    expect(tavily.results).toHaveLength(3);
    expect(Object.keys(tavily.results[0]).sort()).toEqual([
      'content',
      'raw_content',
      'score',
      'title',
      'url',
    ]);
    const exa = await json(await postJson(`${sim.urls.exa}/search`, { query: 'heat pump', numResults: 2 }));
    expect(exa.results).toHaveLength(2);
    expect(exa.results[0].highlights.length).toBeGreaterThan(0);
    expect(sim.calls('tavily')).toBe(1);
    expect(sim.calls('exa')).toBe(1);
  });

  it('serves DuckDuckGo hosts through its agent, with a vqd token and d.js results', async () => {
    const page = await getThroughAgent('https://duckduckgo.com/?q=heat%20pump&ia=web');
    expect(page.status).toBe(200);
    expect(page.body).toContain(`vqd='${vqdFor('heat pump')}'`);
    const djs = await getThroughAgent(
      `https://links.duckduckgo.com/d.js?q=heat%20pump&vqd=${vqdFor('heat pump')}`,
    );
    expect(djs.body).toMatch(/DDG\.pageLayout\.load\('d',\[.+\]\);DDG\.duckbar\.load\('/);
    expect(djs.body).toContain('<b>Heat<\\/b> <b>Pump<\\/b> Systems');
    const html = await postForm(sim.urls.duckDuckGoHtml, { q: 'heat pump' });
    expect(await html.text()).toContain(
      'class="result__a" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fwww.energy.gov',
    );
    expect(sim.stats('duckduckgo.vqd').calls).toBe(1);
    expect(sim.calls('duckduckgo')).toBe(3);
  });

  it('serves the DuckDuckGo URLs given to its fetch, path and query unchanged', async () => {
    const page = await sim.fetch('https://duckduckgo.com/?q=heat%20pump&ia=web');
    expect(await page.text()).toContain(`vqd='${vqdFor('heat pump')}'`);
    const news = await sim.fetch(
      new Request(`https://duckduckgo.com/news.js?q=heat%20pump&o=json&vqd=${vqdFor('heat pump')}`),
    );
    expect((await json(news)).query).toBe('heat pump');
    expect(sim.stats('duckduckgo.vqd').calls).toBe(1);
    expect(sim.stats('duckduckgo.news.js').calls).toBe(1);
  });

  it('applies faults per endpoint and counts them', async () => {
    sim.configure('tavily', { faults: { rate_limited: 1 } });
    sim.configure('duckduckgo.html', { faults: { anomaly: 1 } });
    const limited = await postJson(`${sim.urls.tavily}/search`, { query: 'x' });
    expect(limited.status).toBe(429);
    expect((await json(limited)).detail.error).toMatch(/excessive requests/);
    const challenged = await postForm(sim.urls.duckDuckGoHtml, { q: 'x' });
    expect(challenged.status).toBe(202);
    expect(await challenged.text()).toContain('bots use DuckDuckGo too');
    expect((await postJson(`${sim.urls.exa}/search`, { query: 'x' })).status).toBe(200);
    expect(sim.stats('tavily.search').faults.rate_limited).toBe(1);
    expect(sim.stats('tavily.search').answered).toBe(0);
  });

  it('sends malformed bodies, server errors and resets', async () => {
    sim.configure('exa', { faults: { malformed: 1 } });
    const malformed = await postJson(`${sim.urls.exa}/search`, { query: 'x' });
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow(SyntaxError);
    sim.configure('exa', { faults: { server_error: 1 } });
    expect((await postJson(`${sim.urls.exa}/search`, { query: 'x' })).status).toBe(503);
    sim.configure('exa', { faults: { reset: 1 } });
    const reset = await postJson(`${sim.urls.exa}/search`, { query: 'x' }).catch((e: unknown) => e);
    expect(reset).toBeInstanceOf(TypeError);
    expect(
      JSON.stringify((reset as Error).cause, Object.getOwnPropertyNames((reset as Error).cause)),
    ).toMatch(/ECONNRESET|UND_ERR_SOCKET|other side closed/);
  });

  it('hangs until the client gives up', async () => {
    sim.configure('tavily', { faults: { hang: 1 } });
    const started = Date.now();
    const outcome = await postJson(
      `${sim.urls.tavily}/search`,
      { query: 'x' },
      AbortSignal.timeout(200),
    ).catch((e: unknown) => e);
    expect((outcome as Error).name).toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(sim.stats('tavily.search').faults.hang).toBe(1);
  });

  it('mixes faults in by probability', async () => {
    sim.configure('exa', { faults: { server_error: 0.5 } });
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () =>
        postJson(`${sim.urls.exa}/search`, { query: 'x' }).then((r) => r.status),
      ),
    );
    const failed = statuses.filter((s) => s === 503).length;
    expect(failed).toBeGreaterThan(60);
    expect(failed).toBeLessThan(140);
    expect(sim.stats('exa.search').faults.server_error).toBe(failed);
  });

  it('waits the configured latency, and replaces answers with `respond`', async () => {
    sim.configure('tavily', {
      latency: { kind: 'fixed', ms: 150 },
      respond: (request) => ({ status: 200, body: JSON.stringify({ echo: request.query }) }),
    });
    const started = performance.now();
    const body = await json(await postJson(`${sim.urls.tavily}/search`, { query: 'echo me' }));
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(body).toEqual({ echo: 'echo me' });
  });

  it('answers unknown routes with 404 and refuses unknown targets', async () => {
    expect((await fetch(`${sim.origin}/nothing`)).status).toBe(404);
    expect(() => sim.configure('bing' as 'exa', {})).toThrow(/Unknown simulator target/);
  });
});
