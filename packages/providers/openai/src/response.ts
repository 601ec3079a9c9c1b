import { type ProviderResponse, type RawResult, SearchError } from '@agent-search/core';
import { NAME, PROVIDER_ID } from './errors.ts';

/** A `url_citation` annotation on an `output_text` part (only the fields we read). */
interface UrlCitation {
  type: 'url_citation';
  url: string;
  title?: unknown;
  /** Where the citation sits in the text, in characters: the inline link "([site](url))" the model wrote. */
  start_index?: unknown;
  end_index?: unknown;
}

// The answer read before its links are rewritten: core keeps 4,000 characters of it.
const ANSWER_READ = 16_000;
// How far before a citation its snippet reaches, at most: the sentence or two the citation supports.
const SNIPPET_REACH = 600;
// The text read for snippets, over all of an answer's parts: an answer capped at 800 output tokens is far
// shorter; citations past it keep their URL and title only.
const TEXT_READ = 64_000;
// Citations read over the answer: a real answer cites a few dozen pages (core keeps ten results), a hostile
// one 50,000, each costing a snippet.
const CITATIONS_READ = 256;

function malformed(what: string): SearchError {
  return new SearchError('provider_error', `${NAME} sent a malformed response (${what})`, {
    provider: PROVIDER_ID,
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isCitation = (value: unknown): value is UrlCitation =>
  isObject(value) && value.type === 'url_citation' && typeof value.url === 'string';

// Markdown the model writes around citations. Each pattern has bounded runs and is applied to bounded text
// (a snippet's reach, the answer's first characters), so hostile text costs little.
const CITATION_LINK = /\s?\(\[[^\]\n]{0,300}\]\([^()\s]{0,2048}\)\)/g;
const LINK = /\[([^\]\n]{0,300})\]\([^()\s]{0,2048}\)/g;
const EMPHASIS = /\*\*|__|^#{1,6} /gm;
// A tag opened and not closed at the end of a text (each try stops at the next "<": linear).
const UNCLOSED_TAG = /<[^<>]*$/;

/** Markdown out: citation links dropped, other links reduced to their text, emphasis marks removed. */
function withoutMarkdown(text: string): string {
  return text.replace(CITATION_LINK, '').replace(LINK, '$1').replace(EMPHASIS, '');
}

/** The URL without the `utm_source=openai` OpenAI appends to cited links, so the same page is one result. */
function citedUrl(url: string): string {
  if (url.length > 4_096 || !url.includes('utm_source=openai')) return url;
  try {
    const parsed = new URL(url);
    if (parsed.searchParams.get('utm_source') === 'openai') parsed.searchParams.delete('utm_source');
    return parsed.href;
  } catch {
    return url;
  }
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return undefined;
  }
}

/**
 * The text a citation supports. OpenAI's indices mark the inline link the model wrote after its claim, so the
 * snippet is the text before it, back to the previous citation or line break (at most `SNIPPET_REACH`
 * characters); when the indices mark a claim instead (no link inside), that claim is the snippet.
 */
function snippetOf(chars: readonly string[], start: number, end: number, floor: number): string {
  // A claim longer than a snippet is cut (core keeps 1,000 characters), so each citation costs a bounded read.
  const span = chars.slice(start, Math.min(end, start + 1_000)).join('');
  if (span.trim() !== '' && !span.includes('](')) return withoutMarkdown(span).trim();
  const before = chars.slice(Math.max(floor, start - SNIPPET_REACH), start).join('');
  // An index inside a tag would leave its opening (`<img src=`) at the snippet's end: cut it.
  const line = before.slice(before.lastIndexOf('\n') + 1).replace(UNCLOSED_TAG, '');
  return withoutMarkdown(line).trim();
}

const isIndex = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;

/** One `output_text` part's first `max` citations, in the order they appear, with their snippets. */
function citationsOf(text: string, annotations: readonly unknown[], max: number): RawResult[] {
  // Indices count characters (code points), not UTF-16 units: split once so an emoji counts as one.
  const chars = Array.from(text);
  const citations: UrlCitation[] = [];
  for (const a of annotations) {
    if (citations.length >= max) break;
    if (isCitation(a)) citations.push(a);
  }
  const located = citations
    .map((a) => ({
      a,
      start: isIndex(a.start_index, chars.length) ? a.start_index : undefined,
      end: isIndex(a.end_index, chars.length) ? a.end_index : undefined,
    }))
    .sort((x, y) => (x.start ?? Number.MAX_SAFE_INTEGER) - (y.start ?? Number.MAX_SAFE_INTEGER));
  let floor = 0;
  return located.map(({ a, start, end }) => {
    let snippet = '';
    if (start !== undefined && end !== undefined && end >= start) {
      snippet = snippetOf(chars, start, end, floor);
      floor = end;
    }
    const url = citedUrl(a.url);
    return {
      url,
      title: typeof a.title === 'string' && a.title.trim() !== '' ? a.title : hostOf(url),
      snippet,
    };
  });
}

/**
 * Results and answer from a Responses API answer: the `url_citation` annotations of the `message` output's
 * `output_text` parts (the pages the model cites, not every page it read), one result per URL in the order
 * cited; the text itself is the answer. Throws `provider_error` when it is not a response.
 */
export function fromResponsesBody(body: unknown): ProviderResponse {
  if (!isObject(body) || !Array.isArray(body.output)) throw malformed('no output list');
  if (body.status === 'failed') {
    throw new SearchError('provider_error', `${NAME} failed to answer (status "failed")`, {
      provider: PROVIDER_ID,
    });
  }
  const texts: string[] = [];
  const byUrl = new Map<string, RawResult>();
  let textLeft = TEXT_READ;
  let citationsLeft = CITATIONS_READ;
  for (const item of body.output) {
    if (!isObject(item) || item.type !== 'message' || !Array.isArray(item.content)) continue;
    for (const part of item.content) {
      if (!isObject(part) || part.type !== 'output_text' || typeof part.text !== 'string') continue;
      const text = part.text.slice(0, textLeft);
      textLeft -= text.length;
      texts.push(text);
      if (!Array.isArray(part.annotations) || citationsLeft === 0) continue;
      const citations = citationsOf(text, part.annotations, citationsLeft);
      citationsLeft -= citations.length;
      for (const result of citations) {
        const url = result.url as string;
        const seen = byUrl.get(url);
        if (!seen) byUrl.set(url, result);
        else if (!seen.snippet && result.snippet) seen.snippet = result.snippet;
      }
    }
  }
  const answer = withoutMarkdown(texts.join('\n\n').slice(0, ANSWER_READ));
  return { results: [...byUrl.values()], ...(answer.trim() ? { answer } : {}) };
}
