import type { RawResult } from '@agent-search/core';
// The slim build parses with htmlparser2 only: enough for DuckDuckGo's page, and a third of cheerio's import time.
import { load } from 'cheerio/slim';

export type HtmlPage =
  | { kind: 'results'; results: RawResult[] }
  | { kind: 'anomaly' }
  /** Neither results, nor a "no results" notice, nor a known block page: the markup changed. */
  | { kind: 'unrecognised' };

// The bot challenge ("Unfortunately, bots use DuckDuckGo too.") served instead of results.
const ANOMALY = /anomaly-modal|bots use DuckDuckGo too|anomalyDetectionBlock|id="challenge-form"/i;
// Result lists show this time stamp next to the display URL: "2024-05-02T00:00:00.0000000".
const TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z?/;

/**
 * The target of a result link. DuckDuckGo wraps them in `//duckduckgo.com/l/?uddg=<encoded>&rut=...`;
 * ad links (`duckduckgo.com/y.js?...`) and anything unparseable give undefined.
 */
export function unwrapResultLink(href: string | undefined): string | undefined {
  if (!href) return undefined;
  let url: URL;
  try {
    url = new URL(href, 'https://duckduckgo.com/');
  } catch {
    return undefined;
  }
  const isDuckDuckGo = url.hostname === 'duckduckgo.com' || url.hostname.endsWith('.duckduckgo.com');
  if (!isDuckDuckGo) return url.toString();
  if (url.pathname === '/l/' || url.pathname === '/l') return url.searchParams.get('uddg') ?? undefined;
  return undefined;
}

/** Bing times come without a zone; they are UTC. */
export function utcTimestamp(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return /T\d{2}:\d{2}:\d{2}(?:\.\d+)?$/.test(value) ? `${value}Z` : value;
}

/** Reads a page of `https://html.duckduckgo.com/html/`. Fields stay raw: core cleans them. */
export function parseHtmlPage(html: string): HtmlPage {
  if (ANOMALY.test(html)) return { kind: 'anomaly' };
  const $ = load(html);
  const results: RawResult[] = [];
  let blocks = 0;
  $('.result').each((_, element) => {
    const block = $(element);
    if (block.hasClass('result--ad') || block.hasClass('result--no-result')) return;
    blocks++;
    const link = block.find('a.result__a').first();
    const displayUrl = block.find('a.result__url').first();
    const url = unwrapResultLink(link.attr('href')) ?? unwrapResultLink(displayUrl.attr('href'));
    if (!url) return;
    const result: RawResult = {
      title: link.html() ?? '',
      url,
      snippet: block.find('.result__snippet').first().html() ?? '',
    };
    const stamp = TIMESTAMP.exec(block.find('.result__extras__url').text())?.[0];
    if (stamp) result.publishedAt = utcTimestamp(stamp);
    results.push(result);
  });
  if (blocks === 0 && $('.no-results').length === 0) return { kind: 'unrecognised' };
  return { kind: 'results', results };
}
