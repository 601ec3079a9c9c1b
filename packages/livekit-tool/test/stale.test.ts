import { withCache } from '@agent-search/cache';
import type { SearchResponse } from '@agent-search/core';
import type { SourcesAnswer } from '@agent-search/core/tool';
import type { AgentServerResult, StructuredResults } from '@agent-search/core/views';
import { useMswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SearchInternetToolOptions } from '../src/index.ts';
import { duckDuckGoClient, HTML_URL, type ResultsOutput, replayDuckDuckGo, runToolTurn } from './harness.ts';

const server = useMswServer();

const HOUR = 3_600_000;
const NOTE = 'This answer is from 25 hours ago and may be outdated.';

/**
 * A cached client whose answer to "rust ownership" was fetched 25 hours ago (by its clock), and whose
 * provider, DuckDuckGo, now fails on both backends: the cache serves that answer as stale.
 */
async function staleClient() {
  let now = Date.parse('2026-01-10T08:00:00Z');
  const client = withCache(duckDuckGoClient(), { now: () => now, rateLimits: false });
  replayDuckDuckGo(server);
  const fresh = await client.search({ query: 'rust ownership' });
  now += 25 * HOUR;
  const down = () => new HttpResponse('<html><body>503</body></html>', { status: 503 });
  server.use(http.post(HTML_URL, down), http.get('https://duckduckgo.com/', down));
  return { client, fresh };
}

const options = (
  client: SearchInternetToolOptions['client'],
  format?: SearchInternetToolOptions['format'],
): SearchInternetToolOptions => ({ client, publisher: false, ...(format ? { format } : {}) });

/** A cached client that answered "rust ownership" 10 minutes ago (by its clock): the cache's answer is fresh. */
async function freshCachedClient() {
  let now = Date.parse('2026-01-10T08:00:00Z');
  const client = withCache(duckDuckGoClient(), { now: () => now, rateLimits: false });
  const upstream = replayDuckDuckGo(server);
  await client.search({ query: 'rust ownership' });
  now += 10 * 60_000;
  return { client, upstream };
}

describe('a fresh cached answer says cached in every format, through a real AgentSession', () => {
  it("'model': the header says cached; no stale line", async () => {
    const { client, upstream } = await freshCachedClient();
    const turn = await runToolTurn<string>({ query: 'rust ownership' }, options(client, 'model'));
    // The date is today's (the view's clock); the mark follows it.
    expect(turn.output.split('\n')[0]).toMatch(
      /^Results for "rust ownership" \(\d{4}-\d{2}-\d{2}, cached\):$/,
    );
    expect(turn.output).not.toContain('may be outdated');
    expect(upstream.requests()).toHaveLength(1);
  });

  it("'agent-server' and 'structured': cached: true beside results, no stale fields", async () => {
    const first = await freshCachedClient();
    const envelope = await runToolTurn<AgentServerResult>(
      { query: 'rust ownership' },
      options(first.client, 'agent-server'),
    );
    expect(envelope.output).toMatchObject({ type: 'web_search_result', cached: true });
    expect(envelope.output).not.toHaveProperty('stale');
    expect(Object.keys(envelope.output.results[0]!).sort()).toEqual(['snippet', 'title', 'url']);

    const second = await freshCachedClient();
    const structured = await runToolTurn<StructuredResults>(
      { query: 'rust ownership' },
      options(second.client, 'structured'),
    );
    expect(structured.output).toMatchObject({ cached: true });
    expect(structured.output).not.toHaveProperty('stale');
  });
});

describe('a stale cached answer, through a real AgentSession', () => {
  it('the default format adds stale, fetched_at and note beside results, whose fields do not change', async () => {
    const { client, fresh } = await staleClient();
    const turn = await runToolTurn<ResultsOutput & Record<string, unknown>>(
      { query: 'rust ownership' },
      options(client),
    );
    expect(turn.raw.isError).toBe(false);
    expect(turn.output).toMatchObject({ stale: true, fetched_at: fresh.fetchedAt, note: NOTE });
    expect(turn.output.error).toBeUndefined();
    expect(turn.output.results).toHaveLength(5);
    expect(turn.output.results[0]).toEqual({
      title: fresh.results[0]!.title,
      href: fresh.results[0]!.url,
      body: fresh.results[0]!.snippet,
    });
  });

  it('a fresh answer from the cache has cached: true beside results, and no stale fields', async () => {
    let now = Date.parse('2026-01-10T08:00:00Z');
    const client = withCache(duckDuckGoClient(), { now: () => now, rateLimits: false });
    replayDuckDuckGo(server);
    await client.search({ query: 'rust ownership' });
    now += 10 * 60_000;
    const turn = await runToolTurn({ query: 'rust ownership' }, options(client));
    expect(Object.keys(turn.output)).toEqual(['results', 'cached']);
    expect(turn.output.cached).toBe(true);
    expect(Object.keys(turn.output.results[0]!).sort()).toEqual(['body', 'href', 'title']);
  });

  it("'model': a line under the header", async () => {
    const { client } = await staleClient();
    const turn = await runToolTurn<string>({ query: 'rust ownership' }, options(client, 'model'));
    expect(turn.output.split('\n')[1]).toBe(NOTE);
  });

  it("'xml': stale and fetched_at on the root, and a note", async () => {
    const { client, fresh } = await staleClient();
    const turn = await runToolTurn<string>({ query: 'rust ownership' }, options(client, 'xml'));
    expect(turn.output.split('\n')[0]).toMatch(
      new RegExp(
        `^<search_results query="rust ownership" date="[\\d-]+" cached="true" stale="true" fetched_at="${fresh.fetchedAt}">$`,
      ),
    );
    expect(turn.output.split('\n')[1]).toBe(`  <note>${NOTE}</note>`);
  });

  it("'agent-server' and 'structured': fields beside results", async () => {
    const first = await staleClient();
    const envelope = await runToolTurn<AgentServerResult>(
      { query: 'rust ownership' },
      options(first.client, 'agent-server'),
    );
    expect(envelope.output).toMatchObject({
      type: 'web_search_result',
      cached: true,
      stale: true,
      note: NOTE,
    });
    expect(envelope.output.fetched_at).toBe(first.fresh.fetchedAt);

    const second = await staleClient();
    const structured = await runToolTurn<StructuredResults>(
      { query: 'rust ownership' },
      options(second.client, 'structured'),
    );
    expect(structured.output).toMatchObject({
      cached: true,
      stale: true,
      fetchedAt: second.fresh.fetchedAt,
      note: NOTE,
    });
  });

  it("'sources' flags each source, 'json' is the response with stale and its age", async () => {
    const first = await staleClient();
    const sources = await runToolTurn<SourcesAnswer>(
      { query: 'rust ownership' },
      options(first.client, 'sources'),
    );
    expect(sources.output.sources.length).toBeGreaterThan(0);
    expect(sources.output.sources.every((s) => s.stale === true)).toBe(true);

    const second = await staleClient();
    const json = await runToolTurn<SearchResponse>(
      { query: 'rust ownership' },
      options(second.client, 'json'),
    );
    expect(json.output).toMatchObject({ stale: true, cached: true, ageMs: 25 * HOUR });
  });
});
