import { parseHTML } from 'linkedom';

/**
 * What the extractor compares before keeping one text: the candidates a page offers for its article
 * (Readability's pick, the page's own `articleBody`/`<article>`/`<main>` element), the JSON-LD
 * `articleBody` the site wrote for search engines, and boilerplate pruning by class and link density.
 */

type LinkedomDocument = ReturnType<typeof parseHTML>['document'];
type LinkedomElement = NonNullable<LinkedomDocument['body']>;

// JSON-LD blocks past this size are not parsed: a bound on the work, far above any article's markup.
const MAX_JSON_LD_CHARS = 1_000_000;
const MAX_JSON_LD_DEPTH = 12;

/** The longest `articleBody` (or `text` of an Article) in the page's JSON-LD, whitespace collapsed per line. */
export function jsonLdArticleBody(document: LinkedomDocument): string | undefined {
  let best: string | undefined;
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    const json = script.textContent ?? '';
    if (json.length > MAX_JSON_LD_CHARS) continue;
    let data: unknown;
    try {
      data = JSON.parse(json);
    } catch {
      continue;
    }
    const body = findArticleBody(data, 0);
    if (body && body.length > (best?.length ?? 0)) best = decodeEntities(body);
  }
  return best;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Sites escape their JSON-LD text as HTML ("Europa&apos;s"): the common entities, decoded. */
function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#x([\da-f]{1,6})|(amp|lt|gt|quot|apos|nbsp));/gi,
    (entity, dec, hex, name) => {
      const code = dec ? Number(dec) : hex ? Number.parseInt(hex, 16) : undefined;
      if (code !== undefined) return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      return NAMED[String(name).toLowerCase()] ?? entity;
    },
  );
}

function findArticleBody(node: unknown, depth: number): string | undefined {
  if (depth > MAX_JSON_LD_DEPTH || node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    let best: string | undefined;
    for (const item of node) {
      const found = findArticleBody(item, depth + 1);
      if (found && found.length > (best?.length ?? 0)) best = found;
    }
    return best;
  }
  const record = node as Record<string, unknown>;
  let best = typeof record.articleBody === 'string' ? record.articleBody : undefined;
  for (const value of Object.values(record)) {
    if (value === null || typeof value !== 'object') continue;
    const found = findArticleBody(value, depth + 1);
    if (found && found.length > (best?.length ?? 0)) best = found;
  }
  return best;
}

// Class and id words of blocks that are never the article: sharing, related links, sign-ups, tags, bios.
const BOILERPLATE =
  /(?:^|[\s_-])(?:share|sharing|social|related|recommended|recirc|newsletter|subscribe|subscription|signup|promo|advert|ads?|sponsored|tags?|tag-?list|breadcrumbs?|author-?bio|bio-?box|comments?|disqus|more-?stories|read-?more|also-?read|see-?also|popular|trending|outbrain|taboola|paywall|cookie|modal|popup|toolbar|print|byline|dateline|caption-?credit|credits?|rollover|tooltip|popover|hovercard|gallery|slideshow|carousel|lightbox)(?:$|[\s_-])/i;
// A block with this share of a candidate's text is never boilerplate, whatever its class or id says.
const MAX_BOILERPLATE_SHARE = 0.5;
const BLOCKS = 'div, section, aside, ul, ol, p, table, figure, footer, header, nav, span';

const textOf = (node: { textContent: string | null }) => (node.textContent ?? '').replace(/\s+/g, ' ').trim();

function linkDensity(element: LinkedomElement, length: number): number {
  if (length === 0) return 0;
  let linked = 0;
  for (const link of element.querySelectorAll('a')) linked += textOf(link).length;
  return linked / length;
}

// Captions, by class in any spelling ("newsCaption", "wp-caption-text"): they float free of their pictures.
const CAPTION_CLASS = /caption/i;
// A paragraph that is only an ad's label, or a caption's credit: "(Image: Getty)", "... (AP Photo/A. Diaz)".
const AD_LABEL =
  /^(?:advert|advertisement|ad|sponsored|loading(?: content)?\W*|(?:image|photo|slide) \d+ (?:of|\/) \d+)$/i;
const CREDIT = /\((?:[\w ]{0,20}\b)?(?:image|photo|picture|pic|credit)s?\b[^()]{0,120}\)$/i;
const MAX_CAPTION_CHARS = 300;

/** A paragraph inside an article that is not of it: an ad's label, a picture's caption with its credit. */
function isStrayChrome(text: string): boolean {
  return AD_LABEL.test(text) || (text.length < MAX_CAPTION_CHARS && CREDIT.test(text));
}

/**
 * Removes from `root` what is around an article rather than in it: blocks whose class or id says so
 * (share bars, related links, newsletter boxes, tag lists, bios), and lists and short blocks made mostly
 * of links (menus, "more stories").
 */
export function pruneBoilerplate(root: LinkedomElement): void {
  const rootLength = textOf(root).length;
  for (const element of [...root.querySelectorAll(BLOCKS)]) {
    if (!element.parentNode) continue;
    const marker = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
    // A block holding most of the text is the article whatever its class says ("post has-tags").
    if (
      marker.trim() &&
      (BOILERPLATE.test(marker) || CAPTION_CLASS.test(marker)) &&
      textOf(element).length < rootLength * MAX_BOILERPLATE_SHARE
    ) {
      element.remove();
      continue;
    }
    const tag = element.tagName;
    if (tag === 'P' && isStrayChrome(textOf(element))) {
      element.remove();
      continue;
    }
    if (tag !== 'UL' && tag !== 'OL' && tag !== 'DIV' && tag !== 'SECTION' && tag !== 'P') continue;
    const length = textOf(element).length;
    const density = linkDensity(element, length);
    const isList = tag === 'UL' || tag === 'OL';
    if ((isList && density > 0.6 && length < 1_500) || (!isList && density > 0.7 && length < 400)) {
      element.remove();
    }
  }
}

/** A fragment of HTML as a document of its own, to prune and measure without touching the page. */
export function fragment(html: string): LinkedomElement {
  return parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`).document.body;
}

// Word trigrams: enough to tell which candidate holds a given text, cheap on any page.
function trigrams(text: string): Map<string, number> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const grams = new Map<string, number>();
  for (let i = 0; i + 2 < words.length; i++) {
    const key = `${words[i]} ${words[i + 1]} ${words[i + 2]}`;
    grams.set(key, (grams.get(key) ?? 0) + 1);
  }
  return grams;
}

/** How much of `reference` `text` holds (recall) and how much of `text` is in it (precision). */
export function overlap(text: string, reference: string): { precision: number; recall: number; f1: number } {
  const got = trigrams(text);
  const want = trigrams(reference);
  let shared = 0;
  let gotTotal = 0;
  let wantTotal = 0;
  for (const [key, count] of got) {
    gotTotal += count;
    shared += Math.min(count, want.get(key) ?? 0);
  }
  for (const count of want.values()) wantTotal += count;
  const precision = gotTotal ? shared / gotTotal : 0;
  const recall = wantTotal ? shared / wantTotal : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

const WORDS = /[\p{L}\p{N}]+/gu;
const wordsOf = (text: string) => text.toLowerCase().match(WORDS) ?? [];
// Blocks a reader shows as one piece of text: the units kept or dropped whole.
const TEXT_BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, blockquote, figcaption, dd, dt, pre';

/**
 * Keeps of `root` the blocks the site's own article text (JSON-LD `articleBody`) holds: captions, bylines,
 * "read also" lines and widgets inside the article go when their words are not in that text.
 */
export function keepSiteText(root: LinkedomElement, siteText: string): void {
  const vocabulary = new Set(wordsOf(siteText));
  const grams = trigrams(siteText);
  for (const block of [...root.querySelectorAll(TEXT_BLOCKS)]) {
    if (!block.parentNode || block.querySelector(TEXT_BLOCKS)) continue;
    const words = wordsOf(block.textContent ?? '');
    if (words.length === 0) {
      block.remove();
      continue;
    }
    if (words.length < 3) {
      if (!words.every((word) => vocabulary.has(word))) block.remove();
      continue;
    }
    let found = 0;
    for (let i = 0; i + 2 < words.length; i++)
      if (grams.has(`${words[i]} ${words[i + 1]} ${words[i + 2]}`)) found++;
    if (found / (words.length - 2) < 0.34) block.remove();
  }
}

const SENTENCE_END = /[.!?…:;"”’)\]。！？；：」』）]\s*$/u;
// Han, kana and hangul: a short line of them is a heading, a court, a case number or a date of the text
// itself (a judgment opens and closes with such lines), not the short English chrome the length rule means.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
// Lines that open like chrome: credits ("Photo: ...", "Image by ..."), dates of the page, sharing and
// account links, sign-ups, copyright and cookie notices. Words a sentence may open with ("Photos of",
// "Following", "Share prices") need what makes them chrome after them, or a word boundary.
const CHROME_LINE =
  /^(?:(?:photo(?:graph)?|image|picture)s?(?: credit)?\s*(?::|\||by\b)|©|\(c\)|copyright\b|all rights reserved|(?:published|updated|posted)\b|share (?:this|on|via)\b|follow\b|sign (?:in|up)\b|log in\b|subscribe\b|advertisement\b|loading\b|this (?:web)?site uses cookies|we use cookies)/i;
// "By Ann Reed": a byline, unless the line reads as a sentence ("By the time the storm hit, ...").
const BYLINE = /^by\s/i;

/** A short line that opens like chrome. */
const isChromeLine = (text: string) =>
  text.length < 200 && (CHROME_LINE.test(text) || (BYLINE.test(text) && !SENTENCE_END.test(text)));

// A line that opens with a date ("05/10/2018 - Published by ..."): a dateline, not prose.
const DATELINE = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\b/;
// A line that is only an address: the page's own URL printed above the article, a lone link.
const URL_LINE = /^https?:\/\/\S+$/i;

/** A block at an edge of the article that is not its prose: a byline, a date, a credit, a lone link. */
function isEdgeChrome(text: string): boolean {
  if (text === '' || URL_LINE.test(text)) return true;
  if (isChromeLine(text) || ((DATELINE.test(text) || text.includes('©')) && text.length < 200)) return true;
  return text.length < 50 && !SENTENCE_END.test(text) && !CJK.test(text);
}

const words = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** A heading that repeats the page's title (which the reader returns apart), or most of it. */
function isTitle(heading: string, title: string): boolean {
  const said = words(heading);
  const titled = words(title);
  // Lengths first: the search runs only on texts of about the title's length.
  return (
    said !== '' && said.length <= titled.length && said.length * 2 >= titled.length && titled.includes(said)
  );
}

/**
 * Removes from the start and the end of `root` the short blocks that frame an article without being part
 * of it (bylines, dates, credits, "Sign in", copyright lines, the page's address), up to the first and
 * after the last block of prose. At the start, a heading that repeats the page's `title` goes, and so does
 * a heading followed by a byline or a date (a headline or a standfirst); other headings stay when prose
 * follows them.
 */
export function trimEdges(root: LinkedomElement, title = ''): void {
  const blocks = [...root.querySelectorAll(TEXT_BLOCKS)].filter((block) => !block.querySelector(TEXT_BLOCKS));
  let headings: LinkedomElement[] = [];
  for (const block of blocks) {
    const text = textOf(block);
    if (isTitle(text, title)) {
      block.remove();
      continue;
    }
    if (/^H[1-6]$/.test(block.tagName) && text !== '') {
      headings.push(block);
      continue;
    }
    if (headings.length > 0 && !isChromeLine(text)) break;
    if (!isEdgeChrome(text)) break;
    for (const heading of headings) heading.remove();
    headings = [];
    block.remove();
  }
  // At the end, a heading with no text after it introduces nothing (what followed it went as chrome); one
  // over a table or a figure of the article stays.
  for (const block of blocks.reverse()) {
    if (!block.parentNode) continue;
    const chrome = /^H[1-6]$/.test(block.tagName) ? endsText(block, root) : isEdgeChrome(textOf(block));
    if (!chrome) break;
    block.remove();
  }
}

// How many following nodes are looked at for text before a heading is taken as not the last: a bound on
// the work on a page of thousands of empty elements.
const MAX_TRAILING_NODES = 50;

/** True when no text follows `element` inside `root`. */
function endsText(element: LinkedomElement, root: LinkedomElement): boolean {
  let looked = 0;
  for (let node: LinkedomElement | null = element; node && node !== root; node = node.parentElement) {
    for (let next = node.nextSibling; next; next = next.nextSibling) {
      if (++looked > MAX_TRAILING_NODES || (next.textContent ?? '').trim() !== '') return false;
    }
  }
  return true;
}

/** A candidate parsed and pruned, with its text and the prose in it. */
export interface MeasuredCandidate {
  root: LinkedomElement;
  text: string;
  /** The text of its prose blocks (`proseOf`), one per line. */
  prose: string;
  /** Characters of text that is not prose: headings, captions, bylines, menus left after pruning. */
  other: number;
}

// A paragraph of prose: this long at least, and mostly not link text.
const MIN_PROSE_CHARS = 80;
const MAX_PROSE_LINK_DENSITY = 0.5;

/** `root` with its text and prose measured. */
export function measure(root: LinkedomElement): MeasuredCandidate {
  const text = root.textContent ?? '';
  const blocks: string[] = [];
  for (const block of root.querySelectorAll(TEXT_BLOCKS)) {
    if (block.querySelector(TEXT_BLOCKS)) continue;
    const words = textOf(block);
    if (words.length >= MIN_PROSE_CHARS && linkDensity(block, words.length) < MAX_PROSE_LINK_DENSITY)
      blocks.push(words);
  }
  const prose = blocks.join('\n');
  return { root, text, prose, other: Math.max(0, textOf(root).length - prose.length) };
}

// Below this much prose, a candidate's prose says too little to choose by.
const MIN_CHOOSING_PROSE = 200;

/**
 * The candidate to keep, the first (Readability's) unless another is better by its prose: one that holds
 * all the first's prose with less else around it: the same article with less chrome.
 */
export function chooseByProse(candidates: MeasuredCandidate[]): MeasuredCandidate | undefined {
  let best = candidates[0];
  if (!best) return undefined;
  for (const other of candidates.slice(1)) {
    if (other.prose.length < MIN_CHOOSING_PROSE || other.other >= best.other) continue;
    const shared = overlap(other.prose, best.prose);
    const sameArticle = shared.recall >= 0.95;
    if (sameArticle) best = other;
  }
  return best;
}
