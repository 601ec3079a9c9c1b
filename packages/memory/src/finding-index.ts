import SearchableMap from 'minisearch/SearchableMap';
import { words } from './words.ts';

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
  text: string;
}

const FIELD_BOOST = [2, 1] as const;
// Per field (0 query, 1 text): finding → how often the term occurs in it.
type Postings = [Map<number, number>, Map<number, number>];

interface IndexedDoc {
  id: string;
  terms: string[];
  /** Distinct words per field (minisearch's field length). */
  lengths: [number, number];
}

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

  get size(): number {
    return this.#docs.size;
  }

  has(id: string): boolean {
    return this.#shortIds.has(id);
  }

  add(id: string, fields: IndexedFields): void {
    if (this.#shortIds.has(id)) return;
    const shortId = this.#nextId++;
    const terms = new Set<string>();
    const lengths: [number, number] = [0, 0];
    for (const field of [0, 1] as const) {
      // Each distinct word once (minisearch's field length counts them as written), then each term once:
      // the index is looked up per distinct term, not per word.
      const written = new Map<string, number>();
      for (const word of words(field === 0 ? fields.query : fields.text)) {
        written.set(word, (written.get(word) ?? 0) + 1);
      }
      lengths[field] = written.size;
      this.#totalLength[field]! += written.size;
      const freqs = new Map<string, number>();
      for (const [word, count] of written) {
        const term = topical(word);
        if (term !== undefined) freqs.set(term, (freqs.get(term) ?? 0) + count);
      }
      for (const [term, freq] of freqs) {
        let postings = this.#postings.get(term);
        if (!postings) {
          postings = [new Map(), new Map()];
          this.#postings.set(term, postings);
          this.#terms.set(term, postings);
        }
        postings[field].set(shortId, freq);
        terms.add(term);
      }
    }
    this.#shortIds.set(id, shortId);
    this.#docs.set(shortId, { id, terms: [...terms], lengths });
  }

  remove(id: string): void {
    const shortId = this.#shortIds.get(id);
    if (shortId === undefined) return;
    const doc = this.#docs.get(shortId)!;
    for (const term of doc.terms) {
      const postings = this.#postings.get(term);
      if (!postings) continue;
      postings[0].delete(shortId);
      postings[1].delete(shortId);
      if (postings[0].size === 0 && postings[1].size === 0) {
        this.#terms.delete(term);
        this.#postings.delete(term);
      }
    }
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
      for (const e of expansions) reach += e.postings[0].size + e.postings[1].size;
      question.push({ expansions, reach });
    }
    question.sort((a, b) => a.reach - b.reach);
    const exact: Postings[] = [];
    for (const term of request.exactInQuery ?? []) {
      const postings = this.#postings.get(term);
      if (!postings || postings[0].size === 0) return [];
      exact.push(postings);
    }

    const hits: IndexHit[] = [];
    for (const shortId of this.#candidates(question[0]!, exact[0])) {
      if (!exact.every((p) => p[0].has(shortId))) continue;
      if (
        !question.every((q) =>
          q.expansions.some((e) => e.postings[0].has(shortId) || e.postings[1].has(shortId)),
        )
      ) {
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
    if (exact && exact[0].size <= rarest.reach) {
      for (const id of exact[0].keys()) ids.add(id);
    } else {
      for (const e of rarest.expansions) {
        for (const id of e.postings[0].keys()) ids.add(id);
        for (const id of e.postings[1].keys()) ids.add(id);
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
          const freq = postings[field].get(shortId);
          if (freq === undefined) continue;
          const matching = postings[field].size;
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
