import type { SearchProvider } from '@agent-search/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody, type ProviderKit } from '../kit.ts';
import { sampleLatency, seededRandom } from './latency.ts';
import { type ProviderSimulator, startProviderSimulator } from './server.ts';
import { htmlResponse, jsonResponse, onRoute } from './simulation.ts';
import { getThroughAgent, postJson } from './use-simulator.ts';

// Two made-up providers, so the simulator is shown to serve any kit: `alpha` only states the kit's basics
// (its route, answer and error envelope); `beta` has a simulation of its own, with a fixed https host.
const notCreated = (): SearchProvider => {
  throw new Error('not used');
};
const alpha: ProviderKit = {
  definition: { id: 'alpha', name: 'Alpha', load: async () => ({ fromEnv: notCreated }) } as never,
  create: notCreated,
  fromEnv: notCreated,
  route: { method: 'POST', path: '/v2/search' },
  answer: (entries) => jsonBody({ hits: entries.map((e) => ({ t: e.title, u: e.url })) }),
  error: (status, message) => jsonBody({ fault: { status, message } }),
  framing: { contentType: 'application/json', prefix: '{"hits":[', repeat: '{},', suffix: '{}]}' },
};
const beta: ProviderKit = {
  ...alpha,
  definition: { ...alpha.definition, id: 'beta', name: 'Beta' },
  simulation: {
    hosts: ['search.beta.example'],
    endpoints: [
      {
        name: 'page',
        matches: (line) => line.method === 'GET' && line.path === '' && line.url.searchParams.has('q'),
        answer: ({ query }) => htmlResponse(`<p>token for ${query}</p>`),
      },
      {
        name: 'results',
        matches: onRoute('GET', '/results.js'),
        answer: ({ query, url }, corpus) =>
          jsonResponse({ query, news: corpus.news.slice(0, Number(url.searchParams.get('n') ?? 1)) }),
        fault: (fault) => (fault === 'anomaly' ? htmlResponse('<p>are you a robot?</p>', 202) : undefined),
      },
    ],
  },
};

let sim: ProviderSimulator;
beforeAll(async () => {
  sim = await startProviderSimulator({ kits: [alpha, beta] });
});
afterEach(() => sim.reset());
afterAll(() => sim.close());

// biome-ignore lint/suspicious/noExplicitAny: response bodies are inspected loosely
type Json = any;
const json = async (response: Response): Promise<Json> => response.json();
const alphaSearch = () => `${sim.baseURL(alpha)}/v2/search`;

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
  it('serves a kit with no simulation of its own on its route, with its answer of the corpus', async () => {
    expect(sim.providers).toEqual(['alpha', 'beta']);
    expect(sim.endpoints).toEqual(['alpha.search', 'beta.page', 'beta.results']);
    const answer = await postJson(alphaSearch(), { query: 'heat pump' });
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await json(answer);
    expect(body.hits).toHaveLength(10);
    expect(body.hits[0]).toEqual({
      t: 'Heat Pump Systems | Department of Energy',
      u: 'https://www.energy.gov/energysaver/heat-pump-systems',
    });
    expect((await fetch(alphaSearch())).status).toBe(404); // a GET is not its route
    expect(sim.calls('alpha')).toBe(1);
    expect(sim.stats('alpha.search').answered).toBe(1);
  });

  it("serves a kit's hosts through its agent and its fetch, path and query unchanged", async () => {
    const page = await getThroughAgent(sim, 'https://search.beta.example/?q=heat%20pump');
    expect(page).toEqual({ status: 200, body: '<p>token for heat pump</p>' });
    const results = await sim.fetch(new Request('https://search.beta.example/results.js?q=heat%20pump&n=2'));
    const body = await json(results);
    expect(body.query).toBe('heat pump');
    expect(body.news.map((n: { source: string }) => n.source)).toEqual(['Reuters', 'The New York Times']);
    // The same endpoints under the base URL; another host is no kit's.
    expect((await fetch(`${sim.baseURL('beta')}/results.js?q=x`)).status).toBe(200);
    expect((await sim.fetch('https://search.other.example/results.js?q=x')).status).toBe(404);
    expect(sim.stats('beta.page').calls).toBe(1);
    expect(sim.stats('beta.results').calls).toBe(2);
    expect(sim.calls('beta')).toBe(3);
  });

  it("applies faults per endpoint and counts them, in the kit's error envelope or the endpoint's own", async () => {
    sim.configure('alpha', { faults: { rate_limited: 1 } });
    sim.configure('beta.results', { faults: { anomaly: 1 } });
    const limited = await postJson(alphaSearch(), { query: 'x' });
    expect(limited.status).toBe(429);
    expect(await json(limited)).toEqual({
      fault: { status: 429, message: 'Rate limit exceeded. Please slow down your requests.' },
    });
    const challenged = await sim.fetch('https://search.beta.example/results.js?q=x');
    expect(challenged.status).toBe(202);
    expect(await challenged.text()).toBe('<p>are you a robot?</p>');
    const blocked = await sim.fetch('https://search.beta.example/?q=x');
    expect(blocked.status).toBe(200); // only beta.results was faulted
    sim.configure('beta.page', { faults: { anomaly: 1 } });
    const waf = await sim.fetch('https://search.beta.example/?q=x');
    expect(waf.status).toBe(403);
    expect(await waf.text()).toContain('Sorry, you have been blocked');
    expect(sim.stats('alpha.search').faults.rate_limited).toBe(1);
    expect(sim.stats('alpha.search').answered).toBe(0);
  });

  it('sends malformed bodies, server errors and resets', async () => {
    sim.configure('alpha', { faults: { malformed: 1 } });
    const malformed = await postJson(alphaSearch(), { query: 'x' });
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow(SyntaxError);
    sim.configure('alpha', { faults: { server_error: 1 } });
    const failed = await postJson(alphaSearch(), { query: 'x' });
    expect(failed.status).toBe(503);
    expect((await json(failed)).fault.status).toBe(503);
    sim.configure('alpha', { faults: { reset: 1 } });
    const reset = await postJson(alphaSearch(), { query: 'x' }).catch((e: unknown) => e);
    expect(reset).toBeInstanceOf(TypeError);
    expect(
      JSON.stringify((reset as Error).cause, Object.getOwnPropertyNames((reset as Error).cause)),
    ).toMatch(/ECONNRESET|UND_ERR_SOCKET|other side closed/);
  });

  it('hangs until the client gives up', async () => {
    sim.configure('alpha', { faults: { hang: 1 } });
    // Only the client's signal can end it, and the error says it did.
    const outcome = await postJson(alphaSearch(), { query: 'x' }, AbortSignal.timeout(200)).catch(
      (e: unknown) => e,
    );
    expect((outcome as Error).name).toBe('TimeoutError');
    expect(sim.stats('alpha.search').faults.hang).toBe(1);
  });

  it('mixes faults in by probability', async () => {
    sim.configure('alpha', { faults: { server_error: 0.5 } });
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () => postJson(alphaSearch(), { query: 'x' }).then((r) => r.status)),
    );
    const failed = statuses.filter((s) => s === 503).length;
    expect(failed).toBeGreaterThan(60);
    expect(failed).toBeLessThan(140);
    expect(sim.stats('alpha.search').faults.server_error).toBe(failed);
  });

  it('draws each endpoint from its own stream, again from the start after a reset with a seed', async () => {
    /** Alpha's statuses for 40 requests in turn, `between` them another endpoint asked `other` times. */
    const statuses = async (seed: number, other: number) => {
      sim.reset(seed);
      sim.configure('alpha', { faults: { server_error: 0.5 } });
      sim.configure('beta', { faults: { server_error: 0.5 } });
      const seen: number[] = [];
      for (let i = 0; i < 40; i++) {
        seen.push((await postJson(alphaSearch(), { query: 'x' })).status);
        for (let j = 0; j < other; j++) await sim.fetch('https://search.beta.example/results.js?q=x');
      }
      return seen.join(',');
    };
    const first = await statuses(5, 0);
    expect(first).toContain('503');
    expect(first).toContain('200');
    expect(await statuses(5, 2)).toBe(first);
    expect(await statuses(6, 0)).not.toBe(first);
  });

  it('waits the configured latency, and replaces answers with `respond`', async () => {
    sim.configure('alpha', {
      latency: { kind: 'fixed', ms: 150 },
      respond: (request) => ({ status: 200, body: JSON.stringify({ echo: request.query }) }),
    });
    // Timers fire in order: one due at 149 ms, set before the request, has fired before a 150 ms wait ends.
    let before150 = false;
    setTimeout(() => {
      before150 = true;
    }, 149);
    const body = await json(await postJson(alphaSearch(), { query: 'echo me' }));
    expect(before150).toBe(true);
    expect(body).toEqual({ echo: 'echo me' });
  });

  it('answers unknown routes with 404 and refuses unknown targets and clashing kits', async () => {
    expect((await fetch(`${sim.origin}/nothing`)).status).toBe(404);
    expect((await fetch(`${sim.baseURL('alpha')}/v1/search`, { method: 'POST' })).status).toBe(404);
    expect(() => sim.configure('gamma', {})).toThrow(/Unknown simulator target/);
    expect(() => sim.stats('alpha.nothing')).toThrow(/Unknown simulator endpoint/);
    await expect(startProviderSimulator({ kits: [alpha, alpha] })).rejects.toThrow(/two kits/);
    const gamma = { ...beta, definition: { ...beta.definition, id: 'gamma' } };
    await expect(startProviderSimulator({ kits: [beta, gamma] })).rejects.toThrow(
      /both claim the host search\.beta\.example/,
    );
  });
});
