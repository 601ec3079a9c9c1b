import SearchableMap from 'minisearch/SearchableMap';
import { WordTable } from './word-table.ts';
import { EMPTY_FIRST, EMPTY_LAST, visitWords, words } from './words.ts';

// Words that say nothing about a topic (recency is the age limit's job): without them, "what's the latest
// on the capital of Kazakhstan" is about "capital" and "kazakhstan".
const STOP_WORDS = new Set(
  (
    'a an and are as at be by can could did do does for from had has have how i in is it its me my of on or ' +
    's tell that the their there this to was what whats when where which who whom whose why will with you your ' +
    'latest recent recently current currently today now new ' +
    // Words that ask rather than name: "who won the nobel prize" is about "nobel" and "prize".
    'won win wins winner winners happened happen mean means meaning called about info information'
  ).split(' '),
);

function topical(word: string): string | undefined {
  const t = word.toLowerCase();
  return t.length === 0 || STOP_WORDS.has(t) ? undefined : t;
}

/** The words of a text that name its topic: lower case, without stop words, each once. */
export function topicalTerms(text: string): Set<string> {
  const terms = new Set<string>();
  for (const word of words(text)) {
    const term = topical(word);
    if (term !== undefined) terms.add(term);
  }
  return terms;
}

/** The two indexed fields of a finding. Its own query counts double. */
export interface IndexedFields {
  query: string;
  /**
   * The text, in parts indexed as if joined by spaces (titles, snippets, facts): joining them first made
   * a string per finding that a first load only tokenized and threw away.
   */
  text: readonly string[];
}

const FIELD_BOOST = [2, 1] as const;

/**
 * The findings holding one term, oldest first, as flat triples in one array: short id, how often the term
 * occurs in the finding's query, and in its text. One array per term, not a map per field: a first load
 * indexes 10,000 findings of ~30 terms each, and a map per posting list made most of its garbage. Short
 * ids only grow, so appending keeps the list sorted and a lookup is a binary search. A removed finding
 * leaves a triple with both counts 0 (a tombstone), swept out when tombstones outnumber the live triples,
 * so a removal costs O(1) amortized however long the list.
 */
class Postings {
  readonly term: string;
  entries: number[] = [];
  /** Live findings holding the term in their query (0) and text (1): the terms' document frequencies. */
  readonly live: [number, number] = [0, 0];
  dead = 0;
  // Scratch for the finding being added: the field it was last counted in, and how often.
  pass = 0;
  count = 0;

  constructor(term: string) {
    this.term = term;
  }

  /** Position of the triple of `shortId`, or -1. */
  find(shortId: number): number {
    const { entries } = this;
    let low = 0;
    let high = entries.length / 3 - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const id = entries[mid * 3]!;
      if (id === shortId) return mid * 3;
      if (id < shortId) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  /** How often the term occurs in the finding's field; 0 when not (or the finding is gone). */
  freq(shortId: number, field: 0 | 1): number {
    const at = this.find(shortId);
    return at < 0 ? 0 : this.entries[at + 1 + field]!;
  }

  holds(shortId: number): boolean {
    const at = this.find(shortId);
    return at >= 0 && (this.entries[at + 1]! > 0 || this.entries[at + 2]! > 0);
  }

  /** Live short ids holding the term in `field`, oldest first. */
  *ids(field: 0 | 1): Generator<number> {
    const { entries } = this;
    for (let at = 0; at < entries.length; at += 3) if (entries[at + 1 + field]! > 0) yield entries[at]!;
  }

  /** Counts `count` for `field` of the finding being added (the newest); true when it starts its triple. */
  append(shortId: number, field: 0 | 1, count: number): boolean {
    const { entries } = this;
    this.live[field]++;
    const last = entries.length - 3;
    if (last >= 0 && entries[last] === shortId) {
      entries[last + 1 + field] = count;
      return false;
    }
    // Most terms are held by one finding (a number, a name): an exact first array, where a push to an
    // empty one would reserve room for several triples, kept as long as the index.
    if (entries.length === 0) this.entries = field === 0 ? [shortId, count, 0] : [shortId, 0, count];
    else if (field === 0) entries.push(shortId, count, 0);
    else entries.push(shortId, 0, count);
    return true;
  }

  /** Tombstones the finding's triple; true when no live finding holds the term any more. */
  remove(shortId: number): boolean {
    const at = this.find(shortId);
    if (at < 0) return false;
    const { entries } = this;
    if (entries[at + 1]! > 0) this.live[0]--;
    if (entries[at + 2]! > 0) this.live[1]--;
    entries[at + 1] = 0;
    entries[at + 2] = 0;
    this.dead++;
    if (this.dead * 6 > entries.length) {
      const kept: number[] = [];
      for (let i = 0; i < entries.length; i += 3) {
        if (entries[i + 1]! > 0 || entries[i + 2]! > 0)
          kept.push(entries[i]!, entries[i + 1]!, entries[i + 2]!);
      }
      this.entries = kept;
      this.dead = 0;
    }
    return this.live[0] === 0 && this.live[1] === 0;
  }
}

interface IndexedDoc {
  id: string;
  /** The posting lists holding this finding, each once. */
  postings: Postings[];
  /** Distinct words per field (minisearch's field length). */
  lengths: [number, number];
}

/** A written word (as the text has it, case and all) and what the index makes of it. */
interface WrittenWord {
  /** Its term's postings; null for a stop word. */
  postings: Postings | null;
  /** The field it was last counted in (a field's distinct words are its length). */
  pass: number;
}

/** Written words remembered between adds, at most: a load looks each word up once, not per occurrence. */
const MAX_WRITTEN_WORDS = 65_536;

// minisearch's BM25+ parameters and match weights, so recall ranks as it did with minisearch.
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

/**
 * Bounds on one search, whatever the question (a model writes it): terms looked up, words each term may
 * stand for (prefix and typo matches), the longest term matched by prefix or typo and the most typos
 * allowed (a wide typo search walks most of the word tree), and findings scored.
 */
export const SEARCH_LIMITS = {
  terms: 16,
  expansions: 24,
  fuzzyTermChars: 32,
  fuzzyDistance: 2,
  candidates: 2_000,
} as const;

/** One way a question's term matches the index: a stored word and how much a match on it counts. */
interface Expansion {
  postings: Postings;
  weight: number;
}

interface QuestionTerm {
  expansions: Expansion[];
  /** Findings holding any of the expansions, counted with repeats (an upper bound, cheap to get). */
  reach: number;
}

export interface IndexSearch {
  /** Topical terms of the question; a finding must match every one (by word, prefix or small typo). */
  terms: ReadonlySet<string>;
  /** Terms that must be words of the finding's own query, exactly (numbers: "2024" is not "2025"). */
  exactInQuery?: readonly string[];
  /** Findings the caller may return; checked before scoring. */
  accept?: (id: string) => boolean;
  limit: number;
}

export interface IndexHit {
  id: string;
  /** BM25+ over both fields (query boosted 2×), times the number of question terms: higher is better. */
  score: number;
}

/**
 * A full-text index of findings: term → the findings holding it, per field, in a radix tree (minisearch's
 * `SearchableMap`) for prefix and typo lookups. A search scores only findings that hold the question's
 * rarest term and every other one, so its cost follows how many findings match, not how many are stored.
 * Scores are minisearch's (BM25+, prefix and fuzzy weights), which recall ranked with before.
 */
export class FindingIndex {
  readonly #terms = new SearchableMap<Postings>();
  // The same postings by exact term: a hash lookup, where the tree walks the term character by character.
  readonly #postings = new Map<string, Postings>();
  readonly #docs = new Map<number, IndexedDoc>();
  readonly #shortIds = new Map<string, number>();
  readonly #totalLength = [0, 0];
  #nextId = 0;
  readonly #written = new WordTable<WrittenWord>();
  // The field being added (its pass number) and its distinct words so far, for `#countWord`.
  #pass = 0;
  #length = 0;
  // The postings a field being added counts in, and those the finding being added is in (reused).
  readonly #counted: Postings[] = [];
  readonly #holding: Postings[] = [];

  get size(): number {
    return this.#docs.size;
  }

  has(id: string): boolean {
    return this.#shortIds.has(id);
  }

  add(id: string, fields: IndexedFields): void {
    if (this.#shortIds.has(id)) return;
    // Cleared between findings only, so a finding's words are counted against one cache.
    if (this.#written.size >= MAX_WRITTEN_WORDS) this.#written.clear();
    const shortId = this.#nextId++;
    const doc: IndexedDoc = { id, postings: [], lengths: [0, 0] };
    this.#holding.length = 0;
    this.#addField(shortId, doc, 0, [fields.query]);
    this.#addField(shortId, doc, 1, fields.text);
    // Copied at its size: kept as long as the finding, where pushing would have reserved room to spare.
    doc.postings = this.#holding.slice();
    this.#shortIds.set(id, shortId);
    this.#docs.set(shortId, doc);
  }

  /**
   * Counts each distinct written word once (minisearch's field length counts them as written, case and
   * all) and each term's occurrences, without a map per field or a string per word: a pass number
   * stamped on the word and on the term says whether this field has met them already.
   */
  #addField(shortId: number, doc: IndexedDoc, field: 0 | 1, parts: readonly string[]): void {
    this.#pass++;
    this.#length = 0;
    this.#counted.length = 0;
    // The joined text has an empty word ("" is a stop word, but a distinct word of the field's length)
    // when it is empty or starts or ends with a separator: when its first part's words start with "" or
    // its last part's end with one. Between parts, "" words are the joining space's run, not words.
    let empty = parts.length === 0;
    for (let p = 0; p < parts.length; p++) {
      const edges = visitWords(parts[p]!, this.#countWord);
      if ((p === 0 && edges & EMPTY_FIRST) || (p === parts.length - 1 && edges & EMPTY_LAST)) empty = true;
    }
    const length = this.#length + (empty ? 1 : 0);
    // A term of the query and the text is one triple, and one entry of the finding's list.
    for (const postings of this.#counted)
      if (postings.append(shortId, field, postings.count)) this.#holding.push(postings);
    doc.lengths[field] = length;
    this.#totalLength[field]! += length;
  }

  /** Counts one word of the field being added (`#pass`): its length if new to the field, its term. */
  readonly #countWord = (text: string, start: number, end: number): void => {
    const written = this.#written.get(text, start, end) ?? this.#learn(text.slice(start, end));
    if (written.pass !== this.#pass) {
      written.pass = this.#pass;
      this.#length++;
    }
    const postings = written.postings;
    if (postings === null) return;
    if (postings.pass !== this.#pass) {
      postings.pass = this.#pass;
      postings.count = 0;
      this.#counted.push(postings);
    }
    postings.count++;
  };

  /** What the index makes of a word not met since the cache was last cleared. */
  #learn(word: string): WrittenWord {
    const term = topical(word);
    let postings: Postings | null = null;
    if (term !== undefined) {
      postings = this.#postings.get(term) ?? null;
      if (postings === null) {
        postings = new Postings(term);
        this.#postings.set(term, postings);
        this.#terms.set(term, postings);
      }
    }
    const written: WrittenWord = { postings, pass: 0 };
    this.#written.add(word, written);
    return written;
  }

  remove(id: string): void {
    const shortId = this.#shortIds.get(id);
    if (shortId === undefined) return;
    const doc = this.#docs.get(shortId)!;
    let dropped = false;
    for (const postings of doc.postings) {
      if (!postings.remove(shortId)) continue;
      this.#terms.delete(postings.term);
      this.#postings.delete(postings.term);
      dropped = true;
    }
    // Cached words may name a dropped list: the next add makes a new one. Once per finding, not per list.
    if (dropped) this.#written.clear();
    this.#totalLength[0]! -= doc.lengths[0];
    this.#totalLength[1]! -= doc.lengths[1];
    this.#docs.delete(shortId);
    this.#shortIds.delete(id);
  }

  /** Findings matching every term, best first (at most `limit`); [] for a question with too many terms. */
  search(request: IndexSearch): IndexHit[] {
    const { terms, limit } = request;
    if (terms.size === 0 || terms.size > SEARCH_LIMITS.terms || this.#docs.size === 0) return [];
    const question: QuestionTerm[] = [];
    for (const term of terms) {
      const expansions = this.#expand(term);
      // A term no finding holds: nothing matches every term.
      if (expansions.length === 0) return [];
      let reach = 0;
      for (const e of expansions) reach += e.postings.live[0] + e.postings.live[1];
      question.push({ expansions, reach });
    }
    question.sort((a, b) => a.reach - b.reach);
    const exact: Postings[] = [];
    for (const term of request.exactInQuery ?? []) {
      const postings = this.#postings.get(term);
      if (!postings || postings.live[0] === 0) return [];
      exact.push(postings);
    }

    const hits: IndexHit[] = [];
    for (const shortId of this.#candidates(question[0]!, exact[0])) {
      if (!exact.every((p) => p.freq(shortId, 0) > 0)) continue;
      if (!question.every((q) => q.expansions.some((e) => e.postings.holds(shortId)))) {
        continue;
      }
      const doc = this.#docs.get(shortId)!;
      if (request.accept && !request.accept(doc.id)) continue;
      hits.push({ id: doc.id, score: this.#score(doc, shortId, question) });
    }
    hits.sort((a, b) => b.score - a.score);
    return hits.slice(0, Math.max(1, limit));
  }

  /**
   * Findings that may match: those holding the rarest question term (or, if narrower, the first exact
   * query term), the newest `SEARCH_LIMITS.candidates` of them when there are more.
   */
  #candidates(rarest: QuestionTerm, exact: Postings | undefined): number[] {
    const ids = new Set<number>();
    if (exact && exact.live[0] <= rarest.reach) {
      for (const id of exact.ids(0)) ids.add(id);
    } else {
      for (const e of rarest.expansions) {
        for (const id of e.postings.ids(0)) ids.add(id);
        for (const id of e.postings.ids(1)) ids.add(id);
      }
    }
    const all = [...ids];
    if (all.length <= SEARCH_LIMITS.candidates) return all;
    // Short ids grow with each finding indexed: the largest are the newest.
    return all.sort((a, b) => b - a).slice(0, SEARCH_LIMITS.candidates);
  }

  /** The stored words a question term stands for: itself, words it begins (4+ letters), near typos (6+). */
  #expand(term: string): Expansion[] {
    const expansions: Expansion[] = [];
    const exact = this.#postings.get(term);
    if (exact) expansions.push({ postings: exact, weight: 1 });
    if (term.length > SEARCH_LIMITS.fuzzyTermChars) return expansions;
    const seen = new Set<string>([term]);
    if (term.length >= 4) {
      for (const [word, postings] of this.#terms.atPrefix(term)) {
        if (expansions.length >= SEARCH_LIMITS.expansions) return expansions;
        if (seen.has(word)) continue;
        seen.add(word);
        const distance = word.length - term.length;
        expansions.push({ postings, weight: (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * distance) });
      }
    }
    if (term.length >= 6) {
      const maxDistance = Math.min(SEARCH_LIMITS.fuzzyDistance, Math.round(term.length * 0.2));
      for (const [word, [postings, distance]] of this.#terms.fuzzyGet(term, maxDistance)) {
        if (expansions.length >= SEARCH_LIMITS.expansions) return expansions;
        if (seen.has(word) || distance === 0) continue;
        seen.add(word);
        expansions.push({ postings, weight: (FUZZY_WEIGHT * word.length) / (word.length + distance) });
      }
    }
    return expansions;
  }

  #score(doc: IndexedDoc, shortId: number, question: readonly QuestionTerm[]): number {
    const count = this.#docs.size;
    let score = 0;
    for (const term of question) {
      for (const { postings, weight } of term.expansions) {
        for (const field of [0, 1] as const) {
          const freq = postings.freq(shortId, field);
          if (freq === 0) continue;
          const matching = postings.live[field];
          const idf = Math.log(1 + (count - matching + 0.5) / (matching + 0.5));
          const average = this.#totalLength[field]! / count;
          const length = doc.lengths[field];
          const tf = (freq * (BM25.k + 1)) / (freq + BM25.k * (1 - BM25.b + (BM25.b * length) / average));
          score += weight * FIELD_BOOST[field] * idf * (BM25.d + tf);
        }
      }
    }
    return score * question.length;
  }
}
