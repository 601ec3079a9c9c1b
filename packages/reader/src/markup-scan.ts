/**
 * A linear scan of HTML's tags, without building a tree: how deep a page nests (before handing it to a
 * parser whose cost grows with the square of the depth) and the text of a page too deep to parse.
 * Approximate by design: it never backtracks, and every character is looked at a bounded number of times.
 */

// Never have content: they do not nest.
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
// Closed by their next sibling ("<li>a<li>b"): they nest only with a counted container between them.
const IMPLIED_END = new Set([
  'body',
  'caption',
  'colgroup',
  'dd',
  'dt',
  'head',
  'html',
  'li',
  'optgroup',
  'option',
  'p',
  'rb',
  'rp',
  'rt',
  'rtc',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
]);
// Their content is text up to their end tag, never tags; scripts and styles are never words to read.
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);
const SKIPPED = new Set(['script', 'style', 'title', 'iframe', 'noembed', 'noframes', 'template', 'svg']);
const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  /** Index of `<`. */
  start: number;
  /** Index just past the tag, or past the end tag of a raw-text element's content. */
  end: number;
}

/** The name given to comments, doctypes and processing instructions, which are skipped like tags. */
const COMMENT = '!';
const NAME = /[a-zA-Z][^\s/>]*/y;
const endTags = new Map<string, RegExp>();

function endTagOf(name: string): RegExp {
  let pattern = endTags.get(name);
  if (!pattern) {
    pattern = new RegExp(`</${name}[\\s/>]`, 'gi');
    endTags.set(name, pattern);
  }
  return pattern;
}

/** The tags of `html` in order; a comment or doctype is one self-closed tag, raw text is part of its tag. */
function* tagsOf(html: string): Generator<Tag> {
  // Past the last `>` nothing can be a tag: without this, each of 80,000 unclosed `<a` would search to the end.
  const lastClose = html.lastIndexOf('>');
  let at = html.indexOf('<');
  while (at !== -1 && at < lastClose) {
    const next = html.charCodeAt(at + 1);
    if (next === 0x21 /* ! */) {
      const comment = html.startsWith('<!--', at);
      const close = comment ? html.indexOf('-->', at + 4) : html.indexOf('>', at);
      // An unclosed comment runs to the end of the page, as a browser reads it.
      const end = close === -1 ? html.length : close + (comment ? 3 : 1);
      yield { name: COMMENT, closing: false, selfClosing: true, start: at, end };
      at = html.indexOf('<', end);
      continue;
    }
    const closing = next === 0x2f; /* / */
    NAME.lastIndex = at + (closing ? 2 : 1);
    const match = NAME.exec(html);
    if (!match) {
      at = html.indexOf('<', at + 1);
      continue;
    }
    const close = html.indexOf('>', NAME.lastIndex);
    if (close === -1) return;
    const name = match[0].toLowerCase();
    const tag: Tag = {
      name,
      closing,
      selfClosing: html.charCodeAt(close - 1) === 0x2f,
      start: at,
      end: close + 1,
    };
    if (!closing && RAW_TEXT.has(name)) {
      const endTag = endTagOf(name);
      endTag.lastIndex = tag.end;
      const found = endTag.exec(html);
      const after = found ? html.indexOf('>', found.index) : -1;
      tag.end = after === -1 ? html.length : after + 1;
    }
    yield tag;
    at = html.indexOf('<', tag.end);
  }
}

/** How deep `html` nests, counted up to `limit` (then `limit` is returned at once). */
export function nestingDepth(html: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  for (const tag of tagsOf(html)) {
    if (tag.selfClosing || VOID.has(tag.name) || IMPLIED_END.has(tag.name) || RAW_TEXT.has(tag.name))
      continue;
    if (tag.closing) depth = Math.max(0, depth - 1);
    else {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest >= limit) return limit;
    }
  }
  return deepest;
}

/**
 * The words of `html` with a line break at each block, for pages too deep or too large to parse: tags,
 * comments, scripts and styles go; entities are left to the cleaning every page's text gets.
 */
export function markupToText(html: string): string {
  const parts: string[] = [];
  let at = 0;
  let skipping = 0;
  // One break for a run of blocks: 2,000 nested <div> are one paragraph break, not 4,000 blank lines that
  // would fill the text's budget before its words.
  let broken = true;
  for (const tag of tagsOf(html)) {
    if (skipping === 0 && tag.start > at) {
      const text = html.slice(at, tag.start);
      parts.push(text);
      if (text.trim() !== '') broken = false;
    }
    at = tag.end;
    if (SKIPPED.has(tag.name) && !RAW_TEXT.has(tag.name) && !tag.selfClosing) {
      skipping = Math.max(0, skipping + (tag.closing ? -1 : 1));
      continue;
    }
    if (skipping === 0 && BLOCK.has(tag.name) && !broken) {
      parts.push('\n\n');
      broken = true;
    }
  }
  if (skipping === 0) parts.push(html.slice(at));
  return parts.join('');
}

/** The text of the page's first `<title>`, if any. */
export function titleOf(html: string): string {
  for (const tag of tagsOf(html)) {
    if (tag.name === 'title' && !tag.closing) {
      const content = html.slice(html.indexOf('>', tag.start) + 1, tag.end);
      return content.replace(/<\/title[^>]*>$/i, '');
    }
  }
  return '';
}
