import { seededRandom } from '@agent-search/testing';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { FindingIndex, SEARCH_LIMITS, topicalTerms } from '../src/finding-index.ts';

// Words of real search results (titles and snippets about capitals, prizes, sport and software), so the
// index sees shared prefixes, near typos and words of every length.
const WORDS = (
  'astana kazakhstan capital city formerly sultan almaty population million currency tenge language kazakh ' +
  'russian nobel prize chemistry physics literature awarded david baker demis hassabis john jumper protein ' +
  'structure prediction computational design super bowl chiefs eagles kansas philadelphia championship ' +
  'football league season iphone apple released september camera battery display processor chip release ' +
  'nginx proxy reverse websocket configure configuration configured ubuntu server install installation ' +
  'portugal lisbon porto norway oslo bergen kenya nairobi mombasa chile santiago valparaiso vietnam hanoi ' +
  'saigon climate cuisine anthem flag national history historical museum museums university universities'
).split(' ');

interface Doc {
  id: string;
  query: string;
  /** The text in parts, as the index takes it (titles, snippets, facts)... */
  parts: string[];
  /** ...and joined by spaces, as minisearch took it. */
  text: string;
}

function corpus(count: number, random: () => number): Doc[] {
  const word = () => WORDS[Math.floor(random() * WORDS.length)]!;
  // Some parts empty, some starting or ending with punctuation: where the joined text's words begin and
  // end (and whether it has an empty word, which counts in a field's length) is decided across parts.
  const part = () => {
    const text = Array.from({ length: Math.floor(random() * 12) }, word).join(', ');
    return `${random() < 0.1 ? '(' : ''}${text}${random() < 0.2 ? '.' : ''}`;
  };
  return Array.from({ length: count }, (_, i) => {
    const parts = Array.from({ length: Math.floor(random() * 6) }, part);
    return {
      id: `f${i}`,
      query:
        Array.from({ length: 2 + Math.floor(random() * 4) }, word).join(' ') +
        (random() < 0.3 ? ` ${1990 + Math.floor(random() * 40)}` : ''),
      parts,
      text: parts.join(' '),
    };
  });
}

/** A question made from a finding's query: some words dropped, some cut to a prefix, some with a typo. */
function reworded(query: string, random: () => number): string {
  const words = query.split(' ').filter(() => random() < 0.7);
  return (words.length > 0 ? words : [query.split(' ')[0]!])
    .map((w) => {
      const r = random();
      if (r < 0.15 && w.length > 5) return w.slice(0, 4 + Math.floor(random() * (w.length - 4)));
      if (r < 0.3 && w.length >= 6) {
        const at = Math.floor(random() * w.length);
        return `${w.slice(0, at)}x${w.slice(at + 1)}`;
      }
      return w;
    })
    .join(' ');
}

/** Compares the index with minisearch as recall used it, on questions reworded from `docs`. */
async function expectSameRanking(
  index: FindingIndex,
  reference: MiniSearch<Doc>,
  docs: readonly Doc[],
  random: () => number,
): Promise<number> {
  await reference.vacuum();
  let compared = 0;
  for (let k = 0; k < 300; k++) {
    // Every other question from words of a finding's text, so findings holding a term in their text
    // alone are ranked too (a question from a query is mostly answered by that query's finding).
    const doc = docs[Math.floor(random() * docs.length)]!;
    const text = doc.text.split(/[ ,.()]+/).filter((w) => w !== '');
    const from =
      k % 2 === 0 || text.length === 0 ? doc.query : text.slice(0, 1 + Math.floor(random() * 3)).join(' ');
    const question = reworded(from, random);
    const terms = topicalTerms(question);
    // A word said twice counts once here (minisearch would score it twice).
    const expected = reference
      .search([...terms].join(' '), {
        boost: { query: 2 },
        prefix: (term) => term.length >= 4,
        fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
      })
      .filter((hit) => hit.queryTerms.length === terms.size)
      .slice(0, 5);
    const got = index.search({ terms, limit: 5 });
    expect(
      got.map((h) => h.id),
      question,
    ).toEqual(expected.map((h) => h.id));
    for (const [i, hit] of got.entries()) expect(hit.score).toBeCloseTo(expected[i]!.score, 6);
    if (expected.length > 0) compared++;
  }
  return compared;
}

// The reference: minisearch as recall used it, every question term required (MIN_TERM_MATCH = 1).
const minisearch = () =>
  new MiniSearch<Doc>({ fields: ['query', 'text'], processTerm: (t) => [...topicalTerms(t)][0] ?? null });

describe('FindingIndex', () => {
  it('ranks as minisearch does with the options recall used, after removals too', async () => {
    const random = seededRandom(7);
    const docs = corpus(1_200, random);
    const reference = minisearch();
    const index = new FindingIndex();
    for (const doc of docs) {
      reference.add(doc);
      index.add(doc.id, { query: doc.query, text: doc.parts });
    }
    for (let i = 0; i < docs.length; i += 7) {
      reference.discard(docs[i]!.id);
      index.remove(docs[i]!.id);
    }
    expect(await expectSameRanking(index, reference, docs, random)).toBeGreaterThan(200);
  });

  it('ranks as minisearch does when most findings are gone and new ones came', async () => {
    // Removals leave tombstones in the posting lists, swept when they outnumber the live entries, and drop
    // the words no finding holds any more: what is left and what comes after must rank as if never removed.
    const random = seededRandom(11);
    const docs = corpus(1_600, random);
    const reference = minisearch();
    const index = new FindingIndex();
    for (const doc of docs.slice(0, 1_000)) {
      reference.add(doc);
      index.add(doc.id, { query: doc.query, text: doc.parts });
    }
    for (const doc of docs.slice(0, 1_000)) {
      if (random() < 0.8) {
        reference.discard(doc.id);
        index.remove(doc.id);
      }
    }
    for (const doc of docs.slice(1_000)) {
      reference.add(doc);
      index.add(doc.id, { query: doc.query, text: doc.parts });
    }
    expect(index.size).toBe(reference.documentCount);
    const present = docs.filter((d) => index.has(d.id));
    expect(await expectSameRanking(index, reference, present, random)).toBeGreaterThan(150);
  });

  it('forgets a removed finding and its words, and takes the id again', () => {
    const index = new FindingIndex();
    index.add('a', { query: 'capital of Kazakhstan', text: ['Astana is the capital city'] });
    index.add('b', { query: 'capital of Norway', text: ['Oslo'] });
    index.remove('a');
    expect(index.size).toBe(1);
    expect(index.search({ terms: topicalTerms('astana'), limit: 3 })).toEqual([]);
    expect(index.search({ terms: topicalTerms('capital'), limit: 3 }).map((h) => h.id)).toEqual(['b']);
    index.add('a', { query: 'capital of Chile', text: ['Santiago'] });
    expect(index.search({ terms: topicalTerms('capital chile'), limit: 3 }).map((h) => h.id)).toEqual(['a']);
    expect(index.search({ terms: topicalTerms('kazakhstan'), limit: 3 })).toEqual([]);
  });

  it('requires exact query terms and asks the caller before scoring', () => {
    const index = new FindingIndex();
    index.add('old', { query: 'Super Bowl 2024 winner', text: ['Chiefs won Super Bowl 2024; 2025 is next'] });
    index.add('new', { query: 'Super Bowl 2025 winner', text: ['Eagles'] });
    const terms = topicalTerms('super bowl 2025');
    expect(index.search({ terms, exactInQuery: ['2025'], limit: 5 }).map((h) => h.id)).toEqual(['new']);
    expect(index.search({ terms, exactInQuery: ['2025'], accept: (id) => id !== 'new', limit: 5 })).toEqual(
      [],
    );
  });

  it('bounds the work a hostile question can ask for', () => {
    const index = new FindingIndex();
    const stored = SEARCH_LIMITS.candidates + 1_000;
    for (let i = 0; i < stored; i++) {
      index.add(`f${i}`, { query: `kazakhstan ${i}`, text: [`kazakh kazakhs kazakhstani item${i}`] });
    }
    // A word every finding holds: only the newest findings are scored.
    const broad = index.search({ terms: topicalTerms('kazakhstan'), limit: 10_000 });
    expect(broad).toHaveLength(SEARCH_LIMITS.candidates);
    expect(Math.min(...broad.map((h) => Number(h.id.slice(1))))).toBe(stored - SEARCH_LIMITS.candidates);
    // A prefix that thousands of words begin: it stands for a bounded number of them.
    expect(index.search({ terms: topicalTerms('item'), limit: 10_000 }).length).toBeLessThanOrEqual(
      SEARCH_LIMITS.expansions,
    );
    // More terms than the limit: nothing is looked up, nothing recalled.
    const many = Array.from({ length: SEARCH_LIMITS.terms + 1 }, (_, i) => `kazakhstan${i}`).join(' ');
    expect(index.search({ terms: topicalTerms(many), limit: 3 })).toEqual([]);
    // A very long word is matched exactly only (no typo walk over the word tree).
    expect(index.search({ terms: topicalTerms('k'.repeat(500)), limit: 3 })).toEqual([]);
    expect(index.search({ terms: topicalTerms(`kazakhstan ${stored - 1}`), limit: 3 })[0]!.id).toBe(
      `f${stored - 1}`,
    );
  });
});
