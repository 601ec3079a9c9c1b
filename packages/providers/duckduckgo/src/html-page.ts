import type { RawResult } from '@agent-search/core';
// Only the decoder (`entities/decode`), for attribute values: text fields stay raw and core decodes them.
import { decodeHTMLAttribute } from 'entities/decode';

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

/**
 * The "EOF" entry DuckDuckGo puts on a page that matched nothing: a link to the same search on google.com,
 * not a result (d.js sends the same entry; `djs-answer.ts` skips it too).
 */
function isPlaceholder(title: string | undefined, url: string): boolean {
  return title?.trim() === 'EOF' || /^https?:\/\/www\.google\.com\/search\?/.test(url);
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

// Tags whose content is text, not markup (a "<div" inside them is not an element), and how each ends.
const RAW_TEXT = new Map(
  ['script', 'style', 'textarea', 'title'].map((name) => [name, new RegExp(`</${name}`, 'gi')]),
);
// One attribute: name, then an optional value, double-, single- or unquoted. Linear: no nested repetition.
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
const TAG_END = /[>"']/g;
// A tag's name, read in place (sticky) and at most 64 characters long, so a run of `<aaaa…` costs no more.
const NAME = /[a-zA-Z][^\s/>]{0,63}/y;

interface Tag {
  /** Lower case. */
  name: string;
  closing: boolean;
  selfClosing: boolean;
  /** The attributes' text (between the name and `>`). */
  attributes: string;
  start: number;
  /** Just past the `>`. */
  end: number;
}

/** The tag starting at `lt` (a `<`), or undefined when it is not one (a stray `<` in text). */
function readTag(html: string, lt: number): Tag | undefined {
  const closing = html.charCodeAt(lt + 1) === 47; // '/'
  const nameAt = closing ? lt + 2 : lt + 1;
  NAME.lastIndex = nameAt;
  const name = NAME.exec(html)?.[0];
  if (!name) return undefined;
  // The closing `>`, past quoted values (a `>` may sit inside one); an unclosed tag ends the page.
  TAG_END.lastIndex = nameAt + name.length;
  let end = html.length;
  for (let m = TAG_END.exec(html); m; m = TAG_END.exec(html)) {
    if (m[0] === '>') {
      end = m.index + 1;
      break;
    }
    const close = html.indexOf(m[0], m.index + 1);
    if (close < 0) break;
    TAG_END.lastIndex = close + 1;
  }
  const attributes = html.slice(nameAt + name.length, end - 1);
  return {
    name: name.toLowerCase(),
    closing,
    selfClosing: attributes.endsWith('/'),
    attributes,
    start: lt,
    end,
  };
}

/** The `class` and `href` of a tag's attributes (the first of each; `href` as written, entities and all). */
function classAndHref(attributes: string): { classes: string[]; href: string | undefined } {
  let classes: string[] | undefined;
  let href: string | undefined;
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(attributes); m; m = ATTRIBUTE.exec(attributes)) {
    const name = m[1]!.toLowerCase();
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (name === 'class') classes ??= value.split(/[\t\n\f\r ]+/);
    else if (name === 'href') href ??= value;
  }
  return { classes: classes ?? [], href };
}

type Field = 'title' | 'snippet' | 'extras';

interface Block {
  link?: string | undefined;
  displayLink?: string | undefined;
  title?: string;
  snippet?: string;
  stamp?: string;
}

/** Tags read at most: a real page has one or two thousand, a hostile one nested 800,000 deep took a second. */
const MAX_TAGS = 20_000;
/** Results read at most: a real page has about 30, a hostile 4 MB one 19,000 (a second to read). */
const MAX_RESULTS = 100;

/**
 * Reads a page of `https://html.duckduckgo.com/html/`. Fields stay raw: core cleans them.
 *
 * One forward pass over the tags (the text between them is skipped with `indexOf`), no DOM: a result is a
 * tag with class `result` (not `result--ad` or `result--no-result`), and its title, link, snippet and time
 * stamp are the elements with their classes that follow it, up to the next result. A field's content is
 * sliced from the page as it is, up to the tag that closes its element (same-name tags counted). Every
 * character is looked at a bounded number of times (one field is open at a time), so the time is linear
 * in the page; reading ends at the results' "next page" box, so the rest of the page costs nothing, and
 * after `MAX_TAGS` tags or `MAX_RESULTS` results, so a hostile page costs no more than a real one.
 */
export function parseHtmlPage(html: string): HtmlPage {
  const blocks: Block[] = [];
  let tags = 0;
  let block: Block | undefined;
  let noResults = false;
  // The one field being read: its element's name, its nesting depth and where its content starts.
  let open: { field: Field; name: string; depth: number; from: number } | undefined;
  const close = (to: number) => {
    if (!open || !block) return;
    const content = html.slice(open.from, to);
    if (open.field === 'extras') {
      const stamp = TIMESTAMP.exec(content.replace(/<[^<>]*>/g, ' '))?.[0];
      if (stamp) block.stamp = utcTimestamp(stamp);
    } else block[open.field] = content;
    open = undefined;
  };
  let at = html.indexOf('<');
  while (at >= 0) {
    if (html.startsWith('<!--', at)) {
      const end = html.indexOf('-->', at + 4);
      at = end < 0 ? -1 : html.indexOf('<', end + 3);
      continue;
    }
    // A real page is a thousand or two tags and 30 results: a hostile one is read no further than that.
    if (++tags > MAX_TAGS) {
      close(at);
      break;
    }
    const tag = readTag(html, at);
    if (!tag) {
      at = html.indexOf('<', at + 1);
      continue;
    }
    let next = tag.end;
    if (open && tag.name === open.name && !tag.selfClosing) {
      open.depth += tag.closing ? -1 : 1;
      if (open.depth === 0) close(tag.start);
    } else if (!tag.closing && /result|nav-link/.test(tag.attributes)) {
      const { classes, href } = classAndHref(tag.attributes);
      if (classes.includes('nav-link')) break; // the results are over
      if (classes.includes('no-results')) noResults = true;
      if (classes.includes('result')) {
        close(tag.start);
        block = undefined;
        if (blocks.length === MAX_RESULTS) break;
        if (!classes.includes('result--ad') && !classes.includes('result--no-result')) {
          block = {};
          blocks.push(block);
        }
      } else if (block && !(open && open.field !== 'extras')) {
        // Within a title or snippet, nothing else is looked for (as in their own element's content).
        const field: Field | undefined =
          tag.name === 'a' && classes.includes('result__a') && block.title === undefined
            ? 'title'
            : classes.includes('result__snippet') && block.snippet === undefined
              ? 'snippet'
              : classes.includes('result__extras__url') && !open && block.stamp === undefined
                ? 'extras'
                : undefined;
        // Decoded only where kept: most tags with a `result…` class have an href nobody reads.
        if (field === 'title') block.link = href === undefined ? undefined : decodeHTMLAttribute(href);
        if (tag.name === 'a' && classes.includes('result__url') && block.displayLink === undefined) {
          block.displayLink = decodeHTMLAttribute(href ?? '');
        }
        if (field && !tag.selfClosing) {
          if (open) close(tag.start); // a title or snippet inside the time stamp's box ends it
          open = { field, name: tag.name, depth: 1, from: tag.end };
        }
      }
    } else if (!tag.closing && RAW_TEXT.has(tag.name)) {
      const end = RAW_TEXT.get(tag.name)!;
      end.lastIndex = tag.end;
      next = end.exec(html)?.index ?? html.length;
    }
    at = html.indexOf('<', next);
  }
  close(html.length);
  const results: RawResult[] = [];
  for (const b of blocks) {
    const url = unwrapResultLink(b.link) ?? unwrapResultLink(b.displayLink);
    if (!url || isPlaceholder(b.title, url)) continue;
    const result: RawResult = { title: b.title ?? '', url, snippet: b.snippet ?? '' };
    if (b.stamp) result.publishedAt = b.stamp;
    results.push(result);
  }
  // The challenge is served in place of results: looked for only on a page without any, so a result
  // quoting the challenge's words is not taken for it, and a page of results is not searched for it.
  if (blocks.length === 0 && isAnomalyPage(html)) return { kind: 'anomaly' };
  if (blocks.length === 0 && !noResults) return { kind: 'unrecognised' };
  return { kind: 'results', results };
}
