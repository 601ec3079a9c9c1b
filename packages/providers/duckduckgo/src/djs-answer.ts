import type { RawResult } from '@agent-search/core';
import { type EndpointAnswer, httpUrl, isRecord, parseJson, text } from './answer.ts';
import { isAnomalyPage } from './html-page.ts';

// d.js is a script: the web results are the array passed to this call, among many other calls.
const RESULTS_CALL = "DDG.pageLayout.load('d',";
const SERVER_ERROR = 'DDG.deep.is506';

/**
 * The end (exclusive) of the JSON array that starts at `start`, found by counting brackets outside
 * strings; undefined when the text ends first. Linear, so a hostile body costs one pass.
 */
function arrayEnd(body: string, start: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = start; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return undefined;
}

/** The array passed to `DDG.pageLayout.load('d', ...)`, parsed; undefined when there is none. */
function resultsArray(body: string): unknown[] | undefined {
  const call = body.indexOf(RESULTS_CALL);
  if (call === -1) return undefined;
  const start = call + RESULTS_CALL.length;
  if (body[start] !== '[') return undefined;
  const end = arrayEnd(body, start);
  if (end === undefined) return undefined;
  // Raw tabs turn up inside the strings; JSON does not allow them there.
  const list = parseJson(body.slice(start, end).replaceAll('\t', ' '));
  return Array.isArray(list) ? list : undefined;
}

/**
 * One web result; undefined for what is not one: the trailing `{"n": "/d.js?..."}` next-page entry, the
 * "EOF" placeholder DuckDuckGo sends when nothing matched (a google.com search link), or an entry
 * without an http(s) URL.
 */
function webResult(entry: unknown): RawResult | undefined {
  if (!isRecord(entry) || 'n' in entry) return undefined;
  if (entry.t === 'EOF' || entry.d === 'google.com search') return undefined;
  const url = httpUrl(entry.u);
  if (!url) return undefined;
  return {
    title: text(entry.t),
    url,
    // Raw, markup and entities included: core strips tags before decoding entities.
    snippet: text(entry.a),
    source: text(entry.i),
  };
}

/**
 * Reads a `links.duckduckgo.com/d.js` answer. Fields stay raw (core cleans them); entries that are not
 * results are skipped. Ads are in another call (`load('a', ...)`) and never read.
 */
export function parseDjsAnswer(body: string): EndpointAnswer {
  if (body.includes(SERVER_ERROR)) return { kind: 'server-error' };
  if (isAnomalyPage(body)) return { kind: 'anomaly' };
  const list = resultsArray(body);
  if (!list) return { kind: 'unrecognised' };
  const results = list.map(webResult).filter((r): r is RawResult => r !== undefined);
  return { kind: 'results', results };
}
