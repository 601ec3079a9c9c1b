import { cleanText, FIELD_LIMITS, toIsoDate } from '@agent-search/core';
import { decodeBody } from './charset.ts';
import { cutText } from './cut-text.ts';
import { noContentError } from './errors.ts';
import { extractArticle } from './extract-article.ts';
import type { ReadPageResult } from './read-page.ts';

export type PageKind = 'html' | 'text' | 'json';

/** What the extraction worker is given: the body as received, how to read it, and the limit of its text. */
export interface PageTextInput {
  kind: PageKind;
  /** Decompressed, not yet decoded: decoding 5 MB is work too, done on the worker. */
  body: Uint8Array;
  /** The response's Content-Type, for its charset. */
  contentType: string;
  maxChars: number;
}

/**
 * The model-ready text of a page and what it says about itself, cleaned and cut: a `ReadPageResult` but
 * for where it was read from, which the reader adds.
 */
export type PageText = Omit<ReadPageResult, 'url' | 'finalUrl' | 'contentType'>;

// Cleaning only shrinks text (tags, entities, controls go), so more than this is never needed to fill maxChars
// with real words; what lies beyond is not cleaned at all.
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

/** `raw` cut to what can fill `maxChars`, cleaned, then cut on a boundary. */
function cleanAndCut(raw: string, maxChars: number): { text: string; truncated: boolean } {
  const budget = maxChars * RAW_PER_CHAR;
  const cut = cutText(sanitize(raw.length > budget ? raw.slice(0, budget) : raw), maxChars);
  return { text: cut.text, truncated: cut.truncated || raw.length > budget };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}

/**
 * The text of a decoded page: HTML's article as Markdown, plain text and JSON as sent; every field cleaned
 * and cut. CPU-bound and fed by strangers, so it runs in the extraction worker (see `page-worker.ts`).
 */
export function pageText({ kind, body: bytes, contentType, maxChars }: PageTextInput): PageText {
  const body = decodeBody(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    contentType,
    kind === 'html',
  );
  if (kind !== 'html') return withText({ title: '', ...cleanAndCut(body, maxChars) });
  const article = extractArticle(body);
  return withText({
    title: cleanText(article.title, FIELD_LIMITS.title),
    ...optional('siteName', cleanText(article.siteName, FIELD_LIMITS.source)),
    ...optional('byline', cleanText(article.byline, FIELD_LIMITS.other)),
    ...optional('publishedAt', toIsoDate(article.publishedTime)),
    ...cleanAndCut(article.markdown, maxChars),
  });
}

/** A page read with no text is a failed read the caller is told about, never a silent empty answer. */
function withText(page: PageText): PageText {
  if (page.text === '') throw noContentError();
  return page;
}
