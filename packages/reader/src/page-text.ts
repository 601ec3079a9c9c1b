import { cleanText, FIELD_LIMITS, toIsoDate } from '@agent-search/core';
import { decodeBody } from './charset.ts';
import { noContentError } from './errors.ts';
import { extractArticle } from './extract-article.ts';
import { type FittedText, fitText } from './fit-text.ts';
import { type Passage, rankPassages } from './rank-passages.ts';
import type { ReadPageResult } from './read-page.ts';

export type PageKind = 'html' | 'text' | 'json';

/** What the extraction worker is given: the body as received, how to read it, and the limit of its text. */
export interface PageTextInput {
  kind: PageKind;
  /** Decompressed, not yet decoded: decoding 5 MB is work too, done on the worker. */
  body: Uint8Array;
  /** The response's Content-Type, for its charset. */
  contentType: string;
  /** Longest text returned, in characters, notes included (the smaller of `maxChars` and `maxTokens`'). */
  maxChars: number;
  /** Where in the page's text to start. */
  offset: number;
  /** When given, the passages that best answer it are returned, best first. */
  question?: string;
}

/**
 * The model-ready text of a page and what it says about itself, cleaned and cut: a `ReadPageResult` but
 * for where it was read from, which the reader adds.
 */
export type PageText = Omit<ReadPageResult, 'url' | 'finalUrl' | 'contentType'>;

// A page's text past this many characters (before cleaning) is neither cleaned nor offered: a bound on the
// work for any page, and far past what a model reads (250,000 tokens).
const MAX_RAW_TEXT_CHARS = 1_000_000;
// Cleaning only shrinks text (tags, entities, controls go), so a read from an offset needs at most this
// many raw characters per character it returns; what lies beyond is not cleaned for that read.
const RAW_PER_CHAR = 4;

/**
 * Page text with core's cleaning on every line: control and invisible characters and stray tags go,
 * while the line structure that makes it Markdown (paragraphs, list indentation) stays.
 */
function sanitize(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const indent = /^[ \t]*/.exec(line)?.[0] ?? '';
      const cleaned = cleanText(line, Number.MAX_SAFE_INTEGER);
      return cleaned === '' ? '' : `${indent.replace(/\t/g, '    ')}${cleaned}`;
    })
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** What of a page's text a read returns, and where the page's text stands. */
type Fitted = FittedText & { totalChars: number; passages?: Passage[] };

/**
 * `raw` cleaned, then the part the read asks for: the passages that answer its question, or the text from
 * its offset, within its budget. A page with no text at all is a failed read, never an empty answer.
 */
function cleanAndFit(raw: string, { maxChars, offset, question }: PageTextInput): Fitted {
  // A question ranks the whole page; a read from an offset cleans only what it can return.
  const need = question
    ? MAX_RAW_TEXT_CHARS
    : Math.min(MAX_RAW_TEXT_CHARS, (offset + maxChars + 1) * RAW_PER_CHAR);
  const complete = raw.length <= need;
  const full = sanitize(complete ? raw : raw.slice(0, need));
  if (full === '') throw noContentError();
  // Past what was cleaned, the page's length is estimated at the rate the cleaned part shrank.
  const totalChars = complete ? full.length : Math.round((full.length * raw.length) / need);
  const base = Math.min(offset, full.length);
  const ranked = question ? rankPassages(full.slice(base), question, maxChars) : undefined;
  if (ranked) {
    const passages = ranked.passages.map((passage) => ({ ...passage, offset: passage.offset + base }));
    return { text: ranked.text, truncated: ranked.truncated || !complete, totalChars, passages };
  }
  return { ...fitText(full, { maxChars, offset }, { totalChars, complete }), totalChars };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}

/**
 * The text of a decoded page: HTML's article as Markdown, plain text and JSON as sent; every field cleaned
 * and cut. CPU-bound and fed by strangers, so it runs in the extraction worker (see `page-worker.ts`).
 */
export function pageText(input: PageTextInput): PageText {
  const { kind, body: bytes, contentType } = input;
  const body = decodeBody(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    contentType,
    kind === 'html',
  );
  if (kind !== 'html') return { title: '', ...cleanAndFit(body, input) };
  const article = extractArticle(body);
  return {
    title: cleanText(article.title, FIELD_LIMITS.title),
    ...optional('siteName', cleanText(article.siteName, FIELD_LIMITS.source)),
    ...optional('byline', cleanText(article.byline, FIELD_LIMITS.other)),
    ...optional('publishedAt', toIsoDate(article.publishedTime)),
    ...cleanAndFit(article.markdown, input),
  };
}
