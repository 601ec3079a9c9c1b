import { DEFAULT_MAX_BODY_BYTES, JSON_SHAPE_LIMITS } from '@agent-search/core';
import type { ProviderKit } from '@agent-search/testing/kit';

/** One hostile answer a provider may get: what its upstream sends. */
export interface HostileAnswerCase {
  /** "deep", "wide", ... (a path segment). */
  shape: string;
  status: number;
  contentType: string;
  body: string;
}

/** What each shape is, for the report. */
export const HOSTILE_ANSWER_SHAPES: Record<string, string> = {
  deep: 'its result list holding one entry nested 10,000 deep (markup: 500,000 unclosed elements, 4 MB)',
  wide: 'its result list holding 50,000 entries, or as many as 4 MB holds (OpenAI: citation annotations)',
  'widest accepted':
    'distinct entries up to just under the shape limit (JSON) or 4 MB (markup): parsed and walked',
  'largest accepted': 'one result whose snippet fills the answer to just under the 5 MB body limit',
  'deep error': 'an HTTP 429 whose 4 MB error body is nested 800,000 deep',
};

const MB = 1024 * 1024;

/** Containers and commas: what `JSON_SHAPE_LIMITS.maxItems` counts, outside strings (the kits' items have none inside). */
function itemsIn(text: string): number {
  let n = 0;
  for (const c of text) if (c === ',' || c === '{' || c === '[') n++;
  return n;
}

/** `count` of the framing's entries, each with a URL of its own (so no deduplication shortens the walk). */
function distinct(repeat: string, count: number): string {
  const parts: string[] = [];
  for (let i = 0; i < count; i++)
    parts.push(repeat.replaceAll('https://example.com/', `https://example.com/${i}/`));
  return parts.join('');
}

/**
 * The hostile answers of `kit`'s shape, built from its framing and its answer builder only (no provider is
 * named): each provider gets the same five, sized to its own framing.
 */
export function hostileAnswerCases(kit: ProviderKit): HostileAnswerCase[] {
  const { contentType, prefix, repeat, suffix } = kit.framing;
  const json = /json/i.test(contentType);
  const ok = (shape: string, body: string, type = contentType): HostileAnswerCase => ({
    shape,
    status: 200,
    contentType: type,
    body,
  });
  const fits = Math.floor((4 * MB) / repeat.length);
  const widest = json
    ? Math.floor((JSON_SHAPE_LIMITS.maxItems - itemsIn(prefix) - itemsIn(suffix) - 16) / itemsIn(repeat))
    : fits;
  // The snippet sized so that the whole answer, escaped as the kit's API escapes it, stays under the limit.
  const answerWith = (chars: number) =>
    kit.answer([{ title: 'Title', url: 'https://example.com/large', snippet: 'word '.repeat(chars / 5) }]);
  const probe = answerWith(1_000_000).body.length / 1_000_000;
  const largest = answerWith(Math.floor((DEFAULT_MAX_BODY_BYTES - 64 * 1024) / probe / 5) * 5);
  return [
    ok(
      'deep',
      json
        ? `${prefix}${'['.repeat(10_000)}${']'.repeat(10_000)},${suffix}`
        : `${prefix}${'<div>'.repeat(500_000)}${'</div>'.repeat(300_000)}${suffix}`,
    ),
    ok('wide', `${prefix}${repeat.repeat(Math.min(50_000, fits) - 1)}${suffix}`),
    ok('widest accepted', `${prefix}${distinct(repeat, widest - 1)}${suffix}`),
    ok('largest accepted', largest.body, largest.contentType),
    {
      shape: 'deep error',
      status: 429,
      contentType: 'application/json',
      body: `{"error":${'{"a":'.repeat(800_000)}1${'}'.repeat(800_000)}}`,
    },
  ];
}
