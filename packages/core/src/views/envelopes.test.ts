import { describe, expect, it } from 'vitest';
import { SearchError } from '../errors.ts';
import { bitcoinResponse, emptyResponse, hostileResponse } from './__fixtures__/responses.ts';
import { toAgentServerEnvelope, toAgentServerError } from './agent-server.ts';
import { toGroundingFooter, toSources } from './sources.ts';
import { toStructured } from './structured.ts';

describe('toAgentServerEnvelope', () => {
  it('builds the web_search_result envelope, which round-trips through JSON', () => {
    const response = hostileResponse();
    const envelope = toAgentServerEnvelope(response);
    expect(JSON.parse(JSON.stringify(envelope))).toEqual(envelope);
    expect(envelope).toMatchObject({ type: 'web_search_result', query: response.query, count: 3 });
    expect(envelope.results[0]).toEqual({
      title: response.results[0]!.title,
      url: response.results[0]!.url,
      snippet: response.results[0]!.snippet,
    });
    expect(Object.keys(envelope.results[0]!)).toEqual(['title', 'url', 'snippet']);
    expect(toAgentServerEnvelope(emptyResponse()).count).toBe(0);
  });
});

describe('toAgentServerError', () => {
  it('uses the SearchError code and message', () => {
    const error = new SearchError('rate_limited', 'DuckDuckGo is rate limiting; try again in 30 s');
    expect(toAgentServerError('bitcoin price', error)).toEqual({
      type: 'web_search_error',
      query: 'bitcoin price',
      error: 'DuckDuckGo is rate limiting; try again in 30 s',
      error_type: 'rate_limited',
    });
  });

  it('keeps only the class name of other errors, never their text', () => {
    const envelope = toAgentServerError('q', new TypeError('fetch failed for key=sk-secret-123'));
    expect(envelope).toEqual({
      type: 'web_search_error',
      query: 'q',
      error: 'The search failed unexpectedly',
      error_type: 'TypeError',
    });
    expect(toAgentServerError('q', new DOMException('gone', 'AbortError'))).toMatchObject({
      error: 'The search was cancelled or timed out',
      error_type: 'AbortError',
    });
    expect(toAgentServerError('q', 'a string')).toMatchObject({ error_type: 'string' });
  });
});

describe('toStructured', () => {
  it('builds { results, totalResults, searchTime } with searchTime in ms', () => {
    const response = bitcoinResponse();
    const structured = toStructured(response);
    expect(structured.totalResults).toBe(48100);
    expect(structured.searchTime).toBe(3187);
    expect(structured.results.map((r) => r.url)).toEqual(response.results.map((r) => r.url));
    expect(JSON.parse(JSON.stringify(toStructured(hostileResponse())))).toEqual(
      toStructured(hostileResponse()),
    );
  });
});

describe('the cache mark', () => {
  it('agent-server and structured say cached: true beside results, only for a cached answer', () => {
    const fresh = bitcoinResponse();
    const cached = { ...bitcoinResponse(), cached: true, ageMs: 60_000 };
    expect(toAgentServerEnvelope(fresh)).not.toHaveProperty('cached');
    expect(toStructured(fresh)).not.toHaveProperty('cached');
    const envelope = toAgentServerEnvelope(cached);
    expect(envelope.cached).toBe(true);
    expect(envelope.results).toEqual(toAgentServerEnvelope(fresh).results);
    const structured = toStructured(cached);
    expect(structured.cached).toBe(true);
    expect(structured.results).toEqual(toStructured(fresh).results);
  });
});

describe('toSources and toGroundingFooter', () => {
  it('numbers sources from 1 in result order', () => {
    expect(toSources(bitcoinResponse())).toEqual([
      {
        id: 1,
        title: 'Bitcoin price today, BTC to USD live price - CoinMarketCap',
        url: 'https://coinmarketcap.com/currencies/bitcoin/',
        site: 'coinmarketcap.com',
      },
      {
        id: 2,
        title: 'Bitcoin climbs back above $90,000 as ETF inflows resume | Reuters',
        url: 'https://www.reuters.com/markets/currencies/bitcoin-climbs-back-above-90000-etf-inflows-resume-2025-11-29/',
        site: 'reuters.com',
      },
      {
        id: 3,
        title: 'Bitcoin (BTC) Price Index',
        url: 'https://www.coindesk.com/price/bitcoin',
        site: 'coindesk.com',
      },
    ]);
  });

  it('names each site once, at most maxSites of them', () => {
    const response = bitcoinResponse();
    response.results.push({ ...response.results[1]!, url: 'https://www.reuters.com/other' });
    expect(toGroundingFooter(response)).toBe(
      'grounded in: web search for "bitcoin price" (coinmarketcap.com, reuters.com, coindesk.com)',
    );
    expect(toGroundingFooter(response, { maxSites: 2 })).toBe(
      'grounded in: web search for "bitcoin price" (coinmarketcap.com, reuters.com, +1 more)',
    );
    expect(toGroundingFooter(emptyResponse())).toBe('grounded in: web search for "nothing matches this"');
  });

  it('keeps the footer on one line', () => {
    const response = hostileResponse();
    response.query = 'multi\nline\u0000 query';
    expect(toGroundingFooter(response)).toBe(
      'grounded in: web search for "multi line query" (evil.example" injected="1, ctrl.example, prompt.example)',
    );
  });
});
