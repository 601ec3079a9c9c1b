import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSearchMemory, type FreshnessKind, MemoryFindingStore } from '@agent-search/memory';
import type { Check, Figure } from '../figure.ts';

// The labelled set the memory's tests run on (packages/memory/test/recall-pairs.test.ts).
const PAIRS_FILE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../memory/test/fixtures/recall-pairs.json',
);

interface RecallPair {
  learned: string;
  asked: string;
  label: 'same' | 'different' | 'stale-after';
  kind: FreshnessKind;
  ageMs: number;
  lang: string;
}

const DAY = 86_400_000;

/** Elena learns the pair's question (shared); Dotty, on the same store, is asked the other `ageMs` later. */
async function answered(pair: RecallPair): Promise<boolean> {
  let clock = Date.parse('2026-06-01T12:00:00Z');
  const store = new MemoryFindingStore();
  const now = () => clock;
  const retention = { maxAgeMs: 500 * DAY };
  const elena = createSearchMemory({ botId: 'elena', scope: 'shared', store, retention, now });
  const dotty = createSearchMemory({ botId: 'dotty', store, retention, now });
  await elena.remember({
    query: pair.learned,
    results: [
      {
        title: pair.learned,
        url: 'https://example.org/page',
        snippet: `What the page said about ${pair.learned}.`,
      },
    ],
    provider: 'duckduckgo',
  });
  clock += pair.ageMs;
  return (await dotty.recall(pair.asked)).length > 0;
}

/**
 * Recall precision on the labelled pairs: how often a bot answers from memory a question it did not learn
 * (another name, number or direction; or the same question past its kind's age), and how many true
 * repeats it answers. Counts, not times: the same on every machine.
 */
export async function recallPrecisionFigure(limit?: number): Promise<Figure> {
  const all: RecallPair[] = JSON.parse(readFileSync(PAIRS_FILE, 'utf8'));
  const pairs = limit === undefined ? all : all.slice(0, limit);
  const wrong: string[] = [];
  const perLabel = { same: [0, 0], different: [0, 0], 'stale-after': [0, 0] };
  for (const pair of pairs) {
    const got = await answered(pair);
    perLabel[pair.label][0]!++;
    if (got) perLabel[pair.label][1]!++;
    if (got && pair.label !== 'same') wrong.push(`"${pair.learned}" answered "${pair.asked}"`);
  }
  const [repeats, answeredRepeats] = perLabel.same as [number, number];
  const checks: Check[] = [
    {
      name: 'Wrong answers from memory on the labelled recall pairs',
      value: `${wrong.length} of ${pairs.length - repeats} other or stale questions`,
      target: '0',
      met: wrong.length === 0,
      ...(wrong.length === 0 ? {} : { why: `answered from memory: ${wrong.slice(0, 5).join('; ')}` }),
    },
    {
      name: 'Repeats answered from memory on the labelled recall pairs',
      value: `${answeredRepeats} of ${repeats}`,
      // Every repeat in the set is one the rules are meant to answer; fewer is a regression to explain.
      target: `≥ 95% (${Math.ceil(repeats * 0.95)})`,
      met: answeredRepeats >= repeats * 0.95,
      ...(answeredRepeats >= repeats * 0.95
        ? {}
        : { why: 'repeats asked in other words searched instead of answering from memory' }),
    },
  ];
  const languages = [...new Set(pairs.map((p) => p.lang))].join(', ');
  return {
    id: 'recall-precision',
    title: 'Search memory: answering only what it learned',
    method: `${pairs.length} labelled pairs (packages/memory/test/fixtures/recall-pairs.json; languages: ${languages}): a question Elena learned (a shared finding) and one Dotty is asked on the same store, after the pair's age. "same" pairs may be answered from memory; "different" pairs (another country, name, model number, year or direction: Iceland for Ireland, Niger for Nigeria, Sudan for South Sudan, Java for JavaScript, Paris for Paris Texas, Paris to London for London to Paris) and "stale-after" pairs (the same question past its kind's age: a price after minutes, news after hours, a capital after a year) must search. A wrong answer is one from memory on either.`,
    checks,
    charts: [],
    details: [
      [
        'pairs: same / different / stale-after',
        `${repeats} / ${perLabel.different[0]} / ${perLabel['stale-after'][0]}`,
      ],
      [
        'answered from memory: same / different / stale-after',
        `${answeredRepeats} / ${perLabel.different[1]} / ${perLabel['stale-after'][1]}`,
      ],
    ],
  };
}
