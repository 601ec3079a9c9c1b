import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import {
  chooseByProse,
  fragment,
  jsonLdArticleBody,
  keepSiteText,
  measure,
  overlap,
  pruneBoilerplate,
  trimEdges,
} from './article-candidates.ts';
import { declarations, type Hiding, hidingOf, TEXT_RESETTING_PROPERTIES } from './hiding-style.ts';
import { markupToText, nestingDepth, titleOf } from './markup-scan.ts';

/** The main content of an HTML page, as Markdown, with what the page says about itself. */
export interface ExtractedArticle {
  title: string;
  siteName?: string;
  byline?: string;
  publishedTime?: string;
  markdown: string;
}

// Never content: removed before extraction, and from the fallback when Readability finds no article.
const NOISE =
  'script, style, noscript, template, iframe, object, embed, svg, canvas, button, select, input, textarea';
const CHROME =
  'nav, header, footer, aside, [role="navigation"], [role="banner"], [role="contentinfo"], [role="dialog"], [role="alertdialog"], [aria-hidden="true"], [hidden]';

const MEDIA = new Set([
  'IMG',
  'PICTURE',
  'VIDEO',
  'AUDIO',
  'FIGURE',
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'IFRAME',
]);

// "\_" between two letters or digits: turndown's escape of an underscore that needs none.
const INTRAWORD_ESCAPED_UNDERSCORE = /(?<=[\p{L}\p{N}])\\_(?=[\p{L}\p{N}])/gu;

function createTurndown(): TurndownService {
  const turndown = new TurndownService({
    headingStyle: 'atx',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    // Asterisks, not underscores: "_word_" reads as one identifier to a tokenizer, "*word*" as a word.
    emDelimiter: '*',
  });
  // An underscore inside a word never starts emphasis (CommonMark), so "snake_case" and "@a_b" stay as
  // written: escaped, they would read as two words to a model or a tokenizer.
  const markdownEscape = turndown.escape.bind(turndown);
  turndown.escape = (text) => markdownEscape(text).replace(INTRAWORD_ESCAPED_UNDERSCORE, '_');
  // Links become their text: a model reads the words, URLs would cost tokens and carry tracking junk.
  turndown.addRule('linkText', { filter: 'a', replacement: (content) => content });
  // Media carry no words a model can read; captions of figures would float free of their pictures.
  turndown.addRule('dropMedia', { filter: (node) => MEDIA.has(node.nodeName), replacement: () => '' });
  return turndown;
}

const turndown = createTurndown();

// linkedom's parser costs the square of the nesting depth (10,000 levels: 2.3 s); Readability's scoring
// about its cube (800 levels: 6 s); turndown recurses once per level. Real articles nest a few dozen deep.
// Pages past these bounds are read as text by a linear scan instead (see markup-scan.ts).
const MAX_PARSE_DEPTH = 1_000;
const MAX_ARTICLE_DEPTH = 128;
const MAX_ARTICLE_ELEMENTS = 60_000;

type LinkedomDocument = ReturnType<typeof parseHTML>['document'];
type LinkedomElement = NonNullable<LinkedomDocument['body']>;

function meta(document: LinkedomDocument, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = document
      .querySelector(`meta[property="${name}"], meta[name="${name}"], meta[itemprop="${name}"]`)
      ?.getAttribute('content')
      ?.trim();
    if (value) return value;
  }
  return undefined;
}

/**
 * Extracts the article of `html` (Mozilla Readability on a linkedom DOM) and converts it to Markdown
 * (turndown). Pages Readability cannot score (short statutes, index pages) fall back to the body without
 * navigation, headers, footers, dialogs and scripts; pages nested too deep or too large to score in
 * bounded time are read as plain text.
 */
export function extractArticle(html: string): ExtractedArticle {
  if (nestingDepth(html, MAX_PARSE_DEPTH) >= MAX_PARSE_DEPTH) return asText(html);
  const document = parsePage(html);
  if (!document.body || !withinArticleBounds(document.body)) return asText(html);
  // Read before scripts go: the site's own copy of its article text, for search engines.
  const siteText = jsonLdArticleBody(document);
  removeHidden(document);
  for (const node of document.querySelectorAll(NOISE)) node.remove();
  removeForms(document);
  const semantic = semanticArticles(document);
  const publishedTime =
    meta(document, 'article:published_time', 'datePublished', 'pubdate', 'publishdate', 'date', 'dc.date') ??
    document.querySelector('time[datetime]')?.getAttribute('datetime') ??
    undefined;
  const documentTitle = document.querySelector('title')?.textContent?.trim() ?? '';
  // Readability changes the document it reads; the fallback needs the original.
  const fallbackBody = document.body?.innerHTML ?? html;
  let article: ReturnType<Readability['parse']> = null;
  try {
    article = new Readability(document as never, { charThreshold: 200, keepClasses: true }).parse();
  } catch {
    article = null;
  }
  const title = article?.title?.trim() || documentTitle;
  const contentHtml =
    chooseContent([article?.content ?? '', ...semantic], siteText, title) ?? stripChrome(fallbackBody);
  return {
    title,
    siteName: article?.siteName?.trim() || meta(document, 'og:site_name') || undefined,
    byline: article?.byline?.trim() || undefined,
    publishedTime: article?.publishedTime?.trim() || publishedTime || undefined,
    markdown: turndown.turndown(contentHtml),
  };
}

/**
 * The page as a document. HTML5 lets a page leave out `<html>`, `<head>` and `<body>`; linkedom then roots
 * the document at the first element and leaves the body empty (the page read as nothing), so such a page
 * is parsed again inside the tags it left out, its head elements moved back to the head.
 */
function parsePage(html: string): LinkedomDocument {
  const { document } = parseHTML(html);
  if (document.documentElement?.localName === 'html' && document.body?.firstChild) return document;
  const bare = html.replace(/^\s*<!doctype[^>]*>/i, '').replace(/<\/?(?:html|head|body)\b[^<>]*>/gi, '');
  const wrapped = parseHTML(`<!doctype html><html><head></head><body>${bare}</body></html>`).document;
  for (const node of wrapped.body.querySelectorAll('title, meta, link, base')) wrapped.head.appendChild(node);
  return wrapped;
}

// Of an inline stylesheet, only this much is read, and only simple selectors (".ad", "#promo", "div.x").
const MAX_STYLESHEET_CHARS = 200_000;
const MAX_HIDING_SELECTORS = 300;
const SIMPLE_SELECTOR = /^[a-z]*(?:[.#][a-z_-][\w-]*)+$/i;
// Elements a text-hiding style reaches through: plain inline text, with nothing of its own to reset it.
const PHRASING = new Set([
  'a',
  'b',
  'i',
  'em',
  'strong',
  'small',
  'span',
  'font',
  'u',
  's',
  'sub',
  'sup',
  'mark',
]);

/** The simple selectors an inline stylesheet hides, by how (`hiding-style.ts`). */
function hidingSelectors(document: LinkedomDocument): Record<Hiding, Set<string>> {
  const selectors: Record<Hiding, Set<string>> = { element: new Set(), text: new Set() };
  let read = 0;
  let count = 0;
  for (const style of document.querySelectorAll('style')) {
    const css = (style.textContent ?? '').slice(0, MAX_STYLESHEET_CHARS - read);
    read += css.length;
    // "a, .b { display: none }" per rule; a rule inside @media keeps its at-rule in the selector and is skipped.
    for (const rule of css.split('}')) {
      const open = rule.indexOf('{');
      const hiding = open === -1 ? undefined : hidingOf(rule.slice(open + 1));
      if (!hiding) continue;
      for (const selector of rule.slice(0, open).split(',')) {
        const simple = selector.trim();
        if (SIMPLE_SELECTOR.test(simple) && count++ < MAX_HIDING_SELECTORS) selectors[hiding].add(simple);
      }
    }
    if (read >= MAX_STYLESHEET_CHARS) break;
  }
  return selectors;
}

function select(document: LinkedomDocument, selectors: Set<string>): LinkedomElement[] {
  if (selectors.size === 0) return [];
  try {
    return [...document.querySelectorAll([...selectors].join(', '))];
  } catch {
    // A selector the engine does not take (".-"): the page keeps its class-hidden elements, nothing more.
    return [];
  }
}

/**
 * Removes the text of an element drawn invisibly (font-size 0, transparent, or the colour of its
 * background): its own text, and that of plain inline children that cannot have reset the style. A child
 * with a class, an id or its own size or colour may show again (the `font-size:0` gap trick of menus), so
 * it is left to its own style.
 */
function removeInvisibleText(element: LinkedomElement): void {
  for (const child of [...element.childNodes]) {
    if (child.nodeType === 3) child.remove();
    else if (child.nodeType === 1 && mayInherit(child as LinkedomElement))
      removeInvisibleText(child as LinkedomElement);
  }
}

function mayInherit(element: LinkedomElement): boolean {
  if (!PHRASING.has(element.localName) || element.hasAttribute('class') || element.hasAttribute('id'))
    return false;
  const own = declarations(element.getAttribute('style') ?? '');
  return !TEXT_RESETTING_PROPERTIES.some((property) => own.has(property));
}

/**
 * Removes what a browser would not show, so a page cannot tell a model what it hides from people:
 * `hidden` and `aria-hidden="true"` elements, and what inline styles or an inline stylesheet's simple
 * class and id selectors hide in any spelling: `display:none`, `visibility:hidden`, `opacity:0`,
 * off-screen, clipped to nothing, `font-size:0`, transparent or background-coloured text (media queries
 * and complex selectors are not evaluated: too costly for what they catch).
 */
function removeHidden(document: LinkedomDocument): void {
  const selectors = hidingSelectors(document);
  const hidden = select(document, selectors.element);
  const invisible = select(document, selectors.text);
  for (const node of document.querySelectorAll('[hidden], [aria-hidden], [style]')) {
    if (node.hasAttribute('hidden') || node.getAttribute('aria-hidden')?.trim().toLowerCase() === 'true') {
      hidden.push(node);
      continue;
    }
    const hiding = hidingOf(node.getAttribute('style') ?? '');
    if (hiding === 'element') hidden.push(node);
    else if (hiding === 'text') invisible.push(node);
  }
  for (const node of invisible) removeInvisibleText(node);
  for (const node of hidden) node.remove();
}

// A form holding this share of the page's text is the page (ASP.NET wraps the whole body in one `<form>`).
const PAGE_FORM_SHARE = 0.5;

/**
 * Removes forms (search boxes, sign-ups, comment boxes), except a form that holds most of the page's
 * text: that one is the page, and is unwrapped instead, its content kept where it was.
 */
function removeForms(document: LinkedomDocument): void {
  const pageChars = textLength(document.body);
  for (const form of document.querySelectorAll('form')) {
    if (pageChars > 0 && textLength(form) >= pageChars * PAGE_FORM_SHARE) {
      for (const child of [...form.childNodes]) form.before(child);
    }
    form.remove();
  }
}

const textLength = (node: { textContent: string | null } | null) =>
  (node?.textContent ?? '').replace(/\s+/g, ' ').trim().length;

function asText(html: string): ExtractedArticle {
  return { title: titleOf(html).trim(), markdown: markupToText(html) };
}

/** True when the tree under `root` is shallow and small enough for Readability; walked without recursion. */
function withinArticleBounds(root: LinkedomElement): boolean {
  let node: LinkedomElement | null = root.firstElementChild;
  let depth = 1;
  let elements = 0;
  while (node) {
    if (++elements > MAX_ARTICLE_ELEMENTS || depth > MAX_ARTICLE_DEPTH) return false;
    if (node.firstElementChild) {
      node = node.firstElementChild;
      depth++;
      continue;
    }
    while (node && node !== root && !node.nextElementSibling) {
      node = node.parentElement;
      depth--;
    }
    node = !node || node === root ? null : node.nextElementSibling;
  }
  return true;
}

// schema.org types of an article, in a microdata `itemtype` ("https://schema.org/NewsArticle").
const ARTICLE_TYPE = /schema\.org\/(?:\w*Article|BlogPosting|Report)$/i;

const isArticleType = (itemtype: string | null) =>
  (itemtype ?? '').split(/\s+/).some((type) => ARTICLE_TYPE.test(type.replace(/\/+$/, '')));

/**
 * The page's own markings of its article, as candidates: the element its microdata names (its
 * `itemprop="articleBody"`, or the element typed an Article or BlogPosting), then a lone `<article>` or
 * `<main>`.
 */
function semanticArticles(document: LinkedomDocument): string[] {
  const marked =
    document.querySelector('[itemprop="articleBody"]') ??
    [...document.querySelectorAll('[itemscope][itemtype]')].find((element) =>
      isArticleType(element.getAttribute('itemtype')),
    );
  const articles = document.querySelectorAll('article');
  const structural = articles.length === 1 ? articles[0] : document.querySelector('main');
  const found: string[] = [];
  if (marked?.innerHTML) found.push(marked.innerHTML);
  if (structural?.innerHTML && structural !== marked) found.push(structural.innerHTML);
  return found;
}

// Below this many characters, a JSON-LD articleBody is a summary, not the article.
const MIN_SITE_TEXT_CHARS = 300;

/**
 * The article's HTML, from the candidates compared: Readability's pick and the page's own article
 * elements, each pruned of boilerplate. When the site's JSON-LD carries the article's text, the candidate
 * closest to it wins, and a candidate that holds little of it gives way to that text itself; otherwise the
 * candidates' prose decides (`chooseByProse`), Readability's pick first.
 */
function chooseContent(
  candidates: string[],
  siteText: string | undefined,
  title: string,
): string | undefined {
  const measured = candidates
    .filter((html) => html.trim() !== '')
    .map((html) => {
      const root = fragment(html);
      pruneBoilerplate(root);
      trimEdges(root, title);
      return measure(root);
    })
    .filter((candidate) => candidate.text.trim() !== '');
  if (siteText && siteText.length >= MIN_SITE_TEXT_CHARS) {
    const scored = measured.map((candidate) => ({ candidate, fit: overlap(candidate.text, siteText) }));
    scored.sort((a, b) => b.fit.f1 - a.fit.f1);
    const best = scored[0];
    if (best && best.fit.recall >= 0.5) {
      // Filtered by the site's text only when that text is the article, not a summary of it.
      if (best.fit.precision >= 0.5) keepSiteText(best.candidate.root, siteText);
      return best.candidate.root.innerHTML;
    }
    return siteTextHtml(siteText);
  }
  return chooseByProse(measured)?.root.innerHTML;
}

/** Plain text as paragraphs of HTML, escaped. */
function siteTextHtml(text: string): string {
  const escaped = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escaped(line)}</p>`)
    .join('');
}

function stripChrome(bodyHtml: string): string {
  const { document } = parseHTML(`<!doctype html><html><body>${bodyHtml}</body></html>`);
  for (const node of document.querySelectorAll(CHROME)) node.remove();
  return document.body.innerHTML;
}
