/**
 * When a question asked now is the question a finding answered: the rules recall answers by, and nothing
 * else. A memory answers *instead of* searching, so a wrong answer from it is worse than a search: every
 * name, place, product and number of one question must be in the other, exactly (case and accents aside),
 * and so must the direction (from/to, before/after, vs, the order of a quantity question). Only what is
 * sure to say nothing is let go: stop words, plural and -ed/-ing endings, how the question is asked
 * ("capital of Ireland" and "what is the capital of ireland?"), and, where no direction is asked, the
 * order of the words. No fuzzy or prefix match decides: Iceland is not Ireland, Niger not Nigeria, Java
 * not JavaScript, and a multi-word name is all its words (South Sudan is not Sudan, Michael B. Jordan
 * not Michael Jordan).
 *
 * English and Chinese (the languages the docs show): Chinese is written without spaces, so a run of Han
 * characters is one term once its function characters (的, 是, 吗, ...) are taken out, its order kept.
 * Other languages are compared word for word, accents aside, with no stop words: only a repeat matches.
 */

/** What a question asks for, by its question word; undefined (what, which, none) fits any. */
export type Asks = 'who' | 'when' | 'where' | 'why' | 'how' | 'quantity';

/** A question reduced to what decides whether another is the same. */
export interface QuestionShape {
  /** Its terms (names, places, numbers, topical words, direction words), normalized, each once, in order. */
  terms: readonly string[];
  asks: Asks | undefined;
  /** Whether the order of its terms is part of the question (from/to, before/after, vs, how many X in Y). */
  ordered: boolean;
  /** Equal for two questions whose terms are the same (in order when either is ordered); '' for none. */
  key: string;
}

/** Longest question read, in characters: a model writes it, and the work stays linear and bounded. */
export const MAX_QUESTION_CHARS = 512;

const set = (list: string) => new Set(list.split(' '));

// Words that say nothing about which question it is. Not here, on purpose: "new" (New York, the new
// iPhone), "us" (the US), "not" and single letters other than "a" and "i" (Michael B. Jordan, vitamin C).
const STOP = set(
  'a an the is are was were be been being am do does did done doing of for on in at by with about as and or ' +
    'it its this that these those there here their they them he she his her him i me my we our you your ' +
    'please tell show give find search look lookup know want need like would could should can will shall ' +
    'may might must let lets just some any also really very info information details detail facts ' +
    'called mean means meaning define definition whats what which ' +
    // Recency is the freshness kind's business (an age limit per kind), not a different question.
    'latest recent recently current currently today now nowadays presently',
);

// Question words, and words that ask the same thing: "iPhone 16 release date" asks when, "Super Bowl
// 2024 winner" who.
const ASKING: ReadonlyMap<string, Asks> = new Map([
  ['who', 'who'],
  ['whom', 'who'],
  ['whose', 'who'],
  ['winner', 'who'],
  ['winners', 'who'],
  ['won', 'who'],
  ['win', 'who'],
  ['wins', 'who'],
  ['when', 'when'],
  ['date', 'when'],
  ['where', 'where'],
  ['why', 'why'],
  ['how', 'how'],
]);

// Direction words: kept as terms, and a question where one stands between two terms is ordered.
const DIRECTION = set(
  'to from into vs versus v before after than since until till against beat beats beaten defeat defeated',
);
// "how to", "want to": an infinitive's "to", not a direction.
const INFINITIVE_BEFORE = set('how what where when which who why want need have has going able try like');
// Conversions and rates: "how many euros is one dollar" is not "how many dollars is one euro".
const ORDERING = set('convert conversion exchange rate rates');

// Words that ask the same thing another way: "who wrote X" and "X author", "how tall" and "height".
const SAME_AS: ReadonlyMap<string, { term: string; asks?: Asks }> = new Map([
  ['wrote', { term: 'write' }],
  ['written', { term: 'write' }],
  ['writes', { term: 'write' }],
  ['author', { term: 'write', asks: 'who' }],
  ['authors', { term: 'write', asks: 'who' }],
  ['writer', { term: 'write', asks: 'who' }],
  ['inventor', { term: 'invent', asks: 'who' }],
  ['inventors', { term: 'invent', asks: 'who' }],
]);
const HOW_ADJECTIVE: ReadonlyMap<string, string> = new Map([
  ['tall', 'height'],
  ['high', 'height'],
  ['far', 'distance'],
  ['old', 'age'],
]);

const NUMBER_WORDS: ReadonlyMap<string, string> = new Map(
  'zero one two three four five six seven eight nine ten eleven twelve'
    .split(' ')
    .map((w, i) => [w, String(i)]),
);
// Words whose trailing "s" is not a plural ("news" is not "new").
const NOT_PLURAL = set('news series species physics mathematics economics politics athletics gymnastics');

const HAS_DIGIT = /\d/;

/** The word without its inflection: plural, -ed, -ing and a final e (release, released, releasing). */
export function stem(word: string): string {
  if (HAS_DIGIT.test(word) || NOT_PLURAL.has(word)) return word;
  let w = word;
  if (w.length >= 5 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses') || w.endsWith('xes') || w.endsWith('ches') || w.endsWith('shes'))
    w = w.slice(0, -2);
  else if (w.length >= 4 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length >= 8 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length >= 6 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length >= 5 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

// Chinese: question phrases (longest first where one holds another), then function characters.
const CJK_ASKING: readonly [string, Asks][] = [
  ['什么时候', 'when'],
  ['哪一年', 'when'],
  ['哪年', 'when'],
  ['何时', 'when'],
  ['在哪里', 'where'],
  ['在哪儿', 'where'],
  ['在哪', 'where'],
  ['哪里', 'where'],
  ['哪儿', 'where'],
  ['为什么', 'why'],
  ['为何', 'why'],
  ['怎么样', 'how'],
  ['怎么', 'how'],
  ['怎样', 'how'],
  ['如何', 'how'],
  ['多少', 'quantity'],
  ['几', 'quantity'],
  ['得主', 'who'],
  ['获奖者', 'who'],
  ['谁', 'who'],
];
const CJK_STOP = [
  '请问',
  '告诉我',
  '一下',
  '什么',
  '哪个',
  '哪些',
  '现在',
  '目前',
  '最近',
  '最新',
  '当前',
  '的',
  '是',
  '吗',
  '呢',
  '吧',
  '啊',
  '呀',
  '了',
  '我',
  '你',
  '有',
];
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;
const CJK_ORDERING = ['从', '到', '比', '对', '前', '后', '换', '兑'];

interface Token {
  term: string;
  /** Run of Han characters: one term, order already kept inside it. */
  cjk: boolean;
}

/** Lower case, accents off, the question's words and Han runs in order. Linear in the text. */
function tokens(text: string): Token[] {
  const plain = text
    .slice(0, MAX_QUESTION_CHARS)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/->|→/g, ' to ')
    // The one common phrase whose last word adds nothing ("Mexico City" keeps its city).
    .replace(/\bcapital cit(?:y|ies)\b/g, 'capital')
    // Possessives and contractions: "Kazakhstan's capital", "what's"; "isn't" keeps its "not".
    .replace(/['’]s\b/g, ' ')
    .replace(/n['’]t\b/g, ' not ')
    .replace(CJK_RUN, (run) => ` ${run} `);
  const found: Token[] = [];
  // C++ and C# are not C.
  for (const match of plain.matchAll(/[\p{L}\p{N}]+(?:[.,][\p{N}]+)*[+#]*/gu)) {
    const word = match[0];
    if (/^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(word)) {
      found.push({ term: word, cjk: true });
      continue;
    }
    // 1,000 and 1000 are one number; 3.5 keeps its point.
    found.push({ term: HAS_DIGIT.test(word) ? word.replace(/,(?=\d{3})/g, '') : word, cjk: false });
  }
  return found;
}

/** A Han run's term (its function characters out, its question phrase read) and what it asks. */
function cjkTerm(run: string): { term: string; asks: Asks | undefined; ordered: boolean } {
  let rest = run;
  let asks: Asks | undefined;
  for (const [phrase, kind] of CJK_ASKING) {
    if (!rest.includes(phrase)) continue;
    asks ??= kind;
    rest = rest.split(phrase).join('');
  }
  for (const phrase of CJK_STOP) rest = rest.split(phrase).join('');
  const ordered = asks === 'quantity' || CJK_ORDERING.some((c) => rest.includes(c));
  return { term: rest, asks, ordered };
}

/** The question as `sameQuestion` compares it. */
export function questionShape(text: string): QuestionShape {
  const words = tokens(text);
  const terms: string[] = [];
  let asks: Asks | undefined;
  let ordered = false;
  // Whether a term came before, for direction words between two terms.
  let directionPending = false;
  for (let i = 0; i < words.length; i++) {
    const { term: word, cjk } = words[i]!;
    if (cjk) {
      const run = cjkTerm(word);
      asks ??= run.asks;
      ordered ||= run.ordered;
      if (run.term !== '') terms.push(run.term);
      continue;
    }
    const next = words[i + 1]?.term;
    if (word === 'how' && (next === 'many' || next === 'much')) {
      asks = 'quantity';
      ordered = true;
      i++;
      continue;
    }
    const measure = word === 'how' && next !== undefined ? HOW_ADJECTIVE.get(next) : undefined;
    if (measure !== undefined) {
      terms.push(measure);
      i++;
      continue;
    }
    const same = SAME_AS.get(word);
    if (same !== undefined) {
      if (same.asks !== undefined) asks ??= same.asks;
      terms.push(same.term);
      continue;
    }
    const asking = ASKING.get(word);
    if (asking !== undefined) {
      // An explicit question word wins over "winner" or "date".
      if (asks === undefined || (word !== 'date' && !word.startsWith('win') && word !== 'won')) asks = asking;
      continue;
    }
    if (DIRECTION.has(word)) {
      const previous = words[i - 1]?.term;
      if (word === 'to' && (previous === undefined || INFINITIVE_BEFORE.has(previous))) continue;
      if (terms.length > 0) directionPending = true;
      terms.push(word);
      continue;
    }
    if (ORDERING.has(word)) ordered = true;
    if (STOP.has(word)) continue;
    const term = NUMBER_WORDS.get(word) ?? stem(word);
    if (directionPending) {
      ordered = true;
      directionPending = false;
    }
    terms.push(term);
  }
  const unique = [...new Set(terms)];
  const key =
    unique.length === 0 ? '' : ordered ? `o:${unique.join(' ')}` : `u:${[...unique].sort().join(' ')}`;
  return { terms: unique, asks, ordered, key };
}

/**
 * Whether `asked` is the question `learned` was: the same terms (in the same order when either is
 * ordered), and not a different question word ("when was X born" is not "where was X born"; a question
 * without one fits either). When in doubt, false: the caller searches.
 */
export function sameQuestion(learned: string | QuestionShape, asked: string | QuestionShape): boolean {
  const a = typeof learned === 'string' ? questionShape(learned) : learned;
  const b = typeof asked === 'string' ? questionShape(asked) : asked;
  if (a.key === '' || a.key !== b.key) return false;
  return a.asks === undefined || b.asks === undefined || a.asks === b.asks;
}
