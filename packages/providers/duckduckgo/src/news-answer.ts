import type { RawResult } from '@agent-search/core';
import {
  type EndpointAnswer,
  finiteNumber,
  httpUrl,
  isRecord,
  listField,
  parseJson,
  text,
} from './answer.ts';
import { isAnomalyPage } from './html-page.ts';

function newsResult(item: unknown): RawResult | undefined {
  if (!isRecord(item)) return undefined;
  const url = httpUrl(item.url);
  if (!url) return undefined;
  return {
    title: text(item.title),
    url,
    snippet: text(item.excerpt),
    // Unix seconds; core's normalizeResults turns them into ISO 8601.
    publishedAt: finiteNumber(item.date),
    thumbnail: httpUrl(item.image),
  };
}

/** Reads a `duckduckgo.com/news.js` answer (JSON: `{ ads, query, results: [...], vqd, next? }`). */
export function parseNewsAnswer(body: string): EndpointAnswer {
  const items = listField(parseJson(body), 'results');
  if (!items) return isAnomalyPage(body) ? { kind: 'anomaly' } : { kind: 'unrecognised' };
  return { kind: 'results', results: items.map(newsResult).filter((r) => r !== undefined) };
}
