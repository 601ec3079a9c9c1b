import type { RawResult } from '@agent-search/core';
// htmlparser2 and domutils, what cheerio runs on, without cheerio's HTTP client, parse5 or a CSS engine:
// the page is found by class names alone, and a CLI search loads fewer modules.
import type { AnyNode, Element } from 'domhandler';
import { findAll, findOne, getAttributeValue, getInnerHTML, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';

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

/** True for DuckDuckGo's bot challenge, which it serves in place of any of its pages. */
export function isAnomalyPage(html: string): boolean {
  return ANOMALY.test(html);
}

function hasClass(element: Element, name: string): boolean {
  return (element.attribs.class ?? '').split(/\s+/).includes(name);
}

/** The first element below `root` with class `name` (and tag `tag`, when given). */
function firstWithClass(root: AnyNode, name: string, tag?: string): Element | null {
  const children = 'children' in root ? root.children : [];
  return findOne((el) => (tag === undefined || el.name === tag) && hasClass(el, name), children);
}

/** Reads a page of `https://html.duckduckgo.com/html/`. Fields stay raw: core cleans them. */
export function parseHtmlPage(html: string): HtmlPage {
  if (isAnomalyPage(html)) return { kind: 'anomaly' };
  const document = parseDocument(html);
  const results: RawResult[] = [];
  const blocks = findAll(
    (el) => hasClass(el, 'result') && !hasClass(el, 'result--ad') && !hasClass(el, 'result--no-result'),
    document.children,
  );
  for (const block of blocks) {
    const link = firstWithClass(block, 'result__a', 'a');
    const displayUrl = firstWithClass(block, 'result__url', 'a');
    const href = (element: Element | null) => (element ? getAttributeValue(element, 'href') : undefined);
    const url = unwrapResultLink(href(link)) ?? unwrapResultLink(href(displayUrl));
    if (!url) continue;
    const snippet = firstWithClass(block, 'result__snippet');
    const result: RawResult = {
      title: link ? getInnerHTML(link) : '',
      url,
      snippet: snippet ? getInnerHTML(snippet) : '',
    };
    const extras = firstWithClass(block, 'result__extras__url');
    const stamp = extras ? TIMESTAMP.exec(textContent(extras))?.[0] : undefined;
    if (stamp) result.publishedAt = utcTimestamp(stamp);
    results.push(result);
  }
  if (blocks.length === 0 && !firstWithClass(document, 'no-results')) return { kind: 'unrecognised' };
  return { kind: 'results', results };
}
