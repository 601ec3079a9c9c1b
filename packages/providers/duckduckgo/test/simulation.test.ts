import { getThroughAgent, searchRequest, useProviderSimulator } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { kit, vqdFor } from '../src/testing.ts';

// DuckDuckGo on the provider simulator, as the bench and duck-duck-scrape meet it: the HTML endpoint at
// the base URL, and the fixed https URLs (token page, d.js, news.js, v.js) through the simulator's
// agent and fetch.
const sim = useProviderSimulator([kit]);

const postForm = (url: string, form: Record<string, string>) =>
  fetch(url, { method: 'POST', body: new URLSearchParams(form) });

describe('DuckDuckGo on the provider simulator', () => {
  it('serves its hosts through the agent, with a vqd token and d.js results, and the HTML endpoint', async () => {
    const page = await getThroughAgent(sim(), 'https://duckduckgo.com/?q=heat%20pump&ia=web');
    expect(page.status).toBe(200);
    expect(page.body).toContain(`vqd='${vqdFor('heat pump')}'`);
    const djs = await getThroughAgent(
      sim(),
      `https://links.duckduckgo.com/d.js?q=heat%20pump&vqd=${vqdFor('heat pump')}`,
    );
    expect(djs.body).toMatch(/DDG\.pageLayout\.load\('d',\[.+\]\);DDG\.duckbar\.load\('/);
    expect(djs.body).toContain('<b>Heat<\\/b> <b>Pump<\\/b> Systems');
    const html = await postForm(sim().baseURL(kit), { q: 'heat pump' });
    expect(await html.text()).toContain(
      'class="result__a" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fwww.energy.gov',
    );
    expect(sim().stats('duckduckgo.vqd').calls).toBe(1);
    expect(sim().calls('duckduckgo')).toBe(3);
  });

  it('serves the URLs given to its fetch, path and query unchanged', async () => {
    const page = await sim().fetch('https://duckduckgo.com/?q=heat%20pump&ia=web');
    expect(await page.text()).toContain(`vqd='${vqdFor('heat pump')}'`);
    const news = await sim().fetch(
      new Request(`https://duckduckgo.com/news.js?q=heat%20pump&o=json&vqd=${vqdFor('heat pump')}`),
    );
    expect(((await news.json()) as { query: string }).query).toBe('heat pump');
    const html = await sim().fetch('https://html.duckduckgo.com/html/', {
      method: 'POST',
      body: new URLSearchParams({ q: 'heat pump' }),
    });
    expect(await html.text()).toContain('<title>heat pump at DuckDuckGo</title>');
    expect(sim().stats('duckduckgo.vqd').calls).toBe(1);
    expect(sim().stats('duckduckgo.news.js').calls).toBe(1);
    expect(sim().stats('duckduckgo.html').calls).toBe(1);
  });

  it("shows faults as DuckDuckGo's: the challenge page, d.js's anomaly block and is506 body, nginx pages", async () => {
    sim().configure('duckduckgo.html', { faults: { anomaly: 1 } });
    const challenged = await postForm(sim().baseURL(kit), { q: 'x' });
    expect(challenged.status).toBe(202);
    expect(await challenged.text()).toContain('bots use DuckDuckGo too');
    sim().configure('duckduckgo.d.js', { faults: { anomaly: 1 } });
    const block = await sim().fetch('https://links.duckduckgo.com/d.js?q=x&vqd=4-1');
    expect(block.status).toBe(200);
    expect(await block.text()).toMatch(/^DDG\.deep\.anomalyDetectionBlock\(/);
    sim().configure('duckduckgo.d.js', { faults: { server_error: 1 } });
    expect(await (await sim().fetch('https://links.duckduckgo.com/d.js?q=x&vqd=4-1')).text()).toContain(
      'DDG.deep.is506=1',
    );
    sim().configure('duckduckgo.news.js', { faults: { rate_limited: 1 } });
    const limited = await sim().fetch('https://duckduckgo.com/news.js?q=x&o=json&vqd=4-1');
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain('<center><h1>429 Too Many Requests</h1></center>');
    expect(sim().stats('duckduckgo.html').faults.anomaly).toBe(1);
  });

  it('answers searches of every mode through the provider with every backend', async () => {
    const provider = sim().provider(kit);
    const signal = AbortSignal.timeout(5_000);
    for (const mode of ['text', 'news', 'videos'] as const) {
      const response = await provider.search(searchRequest({ query: 'heat pump', maxResults: 5, mode }), {
        signal,
      });
      expect(response.results.length, mode).toBeGreaterThan(0);
    }
    expect(sim().stats('duckduckgo.html').answered).toBe(1);
    expect(sim().stats('duckduckgo.news.js').answered).toBe(1);
    expect(sim().stats('duckduckgo.v.js').answered).toBe(1);
  });
});
