import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '../response.ts';
import { bitcoinResponse, emptyResponse } from './__fixtures__/responses.ts';
import { renderView, VIEW_FORMATS } from './render.ts';
import { describeAge, staleNotice } from './staleness.ts';

const HOUR = 3_600_000;
const now = '2025-11-30T10:00:00Z';

/** The bitcoin answer as the cache serves it when every provider failed: fetched 25 hours earlier. */
function staleResponse(): SearchResponse {
  return {
    ...bitcoinResponse(),
    cached: true,
    stale: true,
    ageMs: 25 * HOUR,
    fetchedAt: '2025-11-29T09:00:00.000Z',
    attempts: [{ provider: 'duckduckgo', outcome: 'error', code: 'timeout', ms: 4000 }],
  };
}

const NOTE = 'This answer is from 25 hours ago and may be outdated.';

describe('staleNotice', () => {
  it('says nothing about a fresh answer, cached or not', () => {
    expect(staleNotice(bitcoinResponse())).toBeUndefined();
    expect(staleNotice({ ...bitcoinResponse(), cached: true, ageMs: 10 * HOUR })).toBeUndefined();
  });

  it('gives the fetch time and the age, from ageMs or else from fetchedAt', () => {
    expect(staleNotice(staleResponse())).toEqual({ fetchedAt: '2025-11-29T09:00:00.000Z', note: NOTE });
    const { ageMs: _, ...withoutAge } = staleResponse();
    expect(staleNotice(withoutAge, { now: '2025-12-02T09:30:00Z' })?.note).toBe(
      'This answer is from 3 days ago and may be outdated.',
    );
  });

  it('never repeats a fetch time it cannot read, and still warns', () => {
    const response = { ...staleResponse(), fetchedAt: '<script>', ageMs: undefined };
    expect(staleNotice(response)).toEqual({
      note: 'This answer is from an earlier search and may be outdated.',
    });
  });

  it('describes ages as a person would say them', () => {
    expect(describeAge(30_000)).toBe('a minute');
    expect(describeAge(5 * 60_000)).toBe('5 minutes');
    expect(describeAge(90 * 60_000)).toBe('90 minutes');
    expect(describeAge(2 * HOUR)).toBe('2 hours');
    expect(describeAge(47 * HOUR)).toBe('47 hours');
    expect(describeAge(49 * HOUR)).toBe('2 days');
  });
});

describe('every view marks a stale answer', () => {
  it('model: a line under the header', () => {
    const lines = renderView(staleResponse(), 'model', { now }).split('\n');
    expect(lines[0]).toBe('Results for "bitcoin price" (2025-11-30, cached):');
    expect(lines[1]).toBe(NOTE);
    expect(lines[2]).toMatch(/^\[1\] /);
    const empty = { ...emptyResponse(), cached: true, stale: true, ageMs: 3 * 60_000 };
    expect(renderView(empty, 'model', { now })).toBe(
      'No results for "nothing matches this" (2025-11-30, cached). This answer is from 3 minutes ago and may be outdated.',
    );
  });

  it('xml: stale and fetched_at on the root, and a note element', () => {
    const xml = renderView(staleResponse(), 'xml', { now });
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, parseAttributeValue: false }).parse(xml);
    expect(parsed.search_results).toMatchObject({
      '@_stale': 'true',
      '@_fetched_at': '2025-11-29T09:00:00.000Z',
      note: NOTE,
    });
    expect(parsed.search_results.result).toHaveLength(3);
  });

  it('agent-server: stale, fetched_at and note beside results', () => {
    const envelope = JSON.parse(renderView(staleResponse(), 'agent-server'));
    expect(envelope).toMatchObject({
      type: 'web_search_result',
      count: 3,
      stale: true,
      fetched_at: '2025-11-29T09:00:00.000Z',
      note: NOTE,
    });
    expect(Object.keys(envelope.results[0])).toEqual(['title', 'url', 'snippet']);
  });

  it('structured: stale, fetchedAt and note beside results', () => {
    expect(JSON.parse(renderView(staleResponse(), 'structured'))).toMatchObject({
      totalResults: 48100,
      stale: true,
      fetchedAt: '2025-11-29T09:00:00.000Z',
      note: NOTE,
    });
  });

  it('sources: every source is flagged', () => {
    const sources = JSON.parse(renderView(staleResponse(), 'sources'));
    expect(sources).toHaveLength(3);
    for (const source of sources) expect(source).toMatchObject({ stale: true });
  });

  it('json: the response itself, with stale, fetchedAt and ageMs', () => {
    expect(JSON.parse(renderView(staleResponse(), 'json'))).toMatchObject({
      stale: true,
      fetchedAt: '2025-11-29T09:00:00.000Z',
      ageMs: 25 * HOUR,
    });
  });

  it('a fresh answer renders exactly as before: no stale field, no note, in any view', () => {
    for (const format of VIEW_FORMATS) {
      const text = renderView({ ...bitcoinResponse(), cached: true, ageMs: HOUR }, format, { now });
      expect(text, format).not.toMatch(/stale|outdated|fetched_at|<note>/);
    }
  });
});
