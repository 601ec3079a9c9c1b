import { parseBoundedJson, type RawResult } from '@agent-search/core';

/** What an answer of d.js, news.js or v.js turned out to be. */
export type EndpointAnswer =
  | { kind: 'results'; results: RawResult[] }
  /** The bot challenge or the anomaly block, served in place of results. */
  | { kind: 'anomaly' }
  /** d.js's `DDG.deep.is506` body: DuckDuckGo's own server error. */
  | { kind: 'server-error' }
  /** Neither results nor a known refusal: the format changed, or the body is not what it claims. */
  | { kind: 'unrecognised' };

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` when it is a string, else undefined: answer fields are checked, never trusted. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `value` when it is an absolute http(s) URL; anything else (javascript:, relative, not a string) is undefined. */
export function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value) || !URL.canParse(value)) return undefined;
  return value;
}

/** `value` when it is a finite number, else undefined. */
export function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** The object's `key` list when it is an array, else undefined. */
export function listField(value: unknown, key: string): unknown[] | undefined {
  const list = isRecord(value) ? value[key] : undefined;
  return Array.isArray(list) ? list : undefined;
}

/** JSON.parse, within core's shape limits, that answers undefined instead of throwing. */
export function parseJson(body: string): unknown {
  try {
    return parseBoundedJson(body);
  } catch {
    return undefined;
  }
}
