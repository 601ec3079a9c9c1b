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
import { isAnomalyPage, utcTimestamp } from './html-page.ts';

const IMAGE_SIZES = ['large', 'medium', 'small', 'motion'] as const;

function videoResult(item: unknown): RawResult | undefined {
  if (!isRecord(item)) return undefined;
  const url = httpUrl(item.content);
  if (!url) return undefined;
  const images = isRecord(item.images) ? item.images : {};
  const views = finiteNumber(isRecord(item.statistics) ? item.statistics.viewCount : undefined);
  const duration = text(item.duration) ?? finiteNumber(item.duration);
  return {
    title: text(item.title),
    url,
    snippet: text(item.description),
    // Bing's times come without a zone; they are UTC.
    publishedAt: utcTimestamp(text(item.published)),
    duration,
    // `uploader` is the channel, `publisher` the platform ("YouTube"): the channel when there is one.
    publisher: text(item.uploader) || text(item.publisher),
    thumbnail: IMAGE_SIZES.map((size) => httpUrl(images[size])).find((image) => image !== undefined),
    // 0 is what DuckDuckGo sends when it has no count.
    viewCount: views || undefined,
  };
}

/** Reads a `duckduckgo.com/v.js` answer (JSON: `{ ads, query, results: [...], vqd, next? }`). */
export function parseVideosAnswer(body: string): EndpointAnswer {
  const items = listField(parseJson(body), 'results');
  if (!items) return isAnomalyPage(body) ? { kind: 'anomaly' } : { kind: 'unrecognised' };
  return { kind: 'results', results: items.map(videoResult).filter((r) => r !== undefined) };
}
