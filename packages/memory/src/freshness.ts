/**
 * How long an answer stays true depends on what it is about: a capital for years, a population or a
 * prize for days, news, standings and schedules for hours, a price or a score for minutes. Each finding is
 * kept with its kind, and recall answers only while the finding is younger than the kind's age (and the
 * asked question's: "the latest iPhone" wants a fresher answer than "the iPhone").
 */

export type FreshnessKind = 'stable' | 'slow' | 'volatile' | 'live';

export const FRESHNESS_KINDS: readonly FreshnessKind[] = Object.freeze([
  'stable',
  'slow',
  'volatile',
  'live',
]);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The oldest a finding of each kind may be to answer. Stable (capitals, definitions, history, how-to): a
 * year. Slow (populations, office holders, prizes, anything not known to be stable): a week, so the
 * "recent" Nobel Prize is answered the day it was learned and searched a month later. Volatile (news,
 * elections, polls, standings, schedules, new products, weather, last night's game): 6 hours. Live
 * (prices, rates, scores in play): 10 minutes.
 */
export const FRESHNESS_MAX_AGE_MS: Readonly<Record<FreshnessKind, number>> = Object.freeze({
  stable: 365 * DAY,
  slow: 7 * DAY,
  volatile: 6 * HOUR,
  live: 10 * MINUTE,
});

/** Names the kind of a finding from its question and its answer's text. Replaceable (an app's model). */
export type FreshnessClassifier = (query: string, answer: readonly string[]) => FreshnessKind;

const RANK: Readonly<Record<FreshnessKind, number>> = { stable: 0, slow: 1, volatile: 2, live: 3 };

/** The kind that goes stale first. */
export function stricterKind(a: FreshnessKind, b: FreshnessKind): FreshnessKind {
  return RANK[a] >= RANK[b] ? a : b;
}

const set = (list: string) => new Set(list.split(' '));

// Whole words, lower case, accents off.
const LIVE = set(
  'price prices priced quote quotes stock stocks shares nasdaq dow ftse dax nikkei forex bitcoin btc ethereum ' +
    'crypto cryptocurrency cryptocurrencies gold silver platinum oil ounce barrel exchange rate rates ' +
    'euro euros dollar dollars usd eur gbp jpy yen yuan rmb rupee rupees peso pesos franc francs sterling ' +
    'score scores scoring scoreline traffic delay delays delayed outage',
);
const VOLATILE = set(
  'news headline headlines breaking election elections poll polls polling vote votes voting result results ' +
    'standings standing leaderboard leading leads lead game games match matches fixture fixtures schedule ' +
    'schedules timetable tonight yesterday tomorrow happened happening happen update updates latest new ' +
    'upcoming next launch launched weather forecast temperature rain raining snow snowing storm ' +
    'hurricane wind humidity sunny cloudy degrees open opening closed status ongoing trending cost costs ' +
    'today now tournament playoffs playoff inflation interest mortgage earnings worth',
);
const SLOW = set(
  'current currently recent recently population president presidents minister chancellor ceo leader ' +
    'king queen pope mayor governor chairman champion champions championship winner winners won win wins ' +
    'prize prizes award awards nobel oscar oscars grammy grammys ranking rankings ranked rank richest ' +
    'record records version versions release released age old salary members member owner',
);
const STABLE = set(
  'capital capitals define definition meaning mean means synonym translate translation history historical ' +
    'born birth died death invented inventor invention founded founder discovered discovery formula recipe ' +
    'distance height tall located location continent language languages currency flag anthem area planet ' +
    'element chemical symbol boiling freezing century ancient origin etymology author wrote written painted ' +
    'composer spell spelling pronounce pronunciation how-to tutorial tutorials biography birthday altitude ' +
    'length weight boiling',
);
// "new" that names a place, not a product.
const NEW_PLACE = set(
  'york zealand jersey delhi mexico orleans south hampshire england guinea caledonia testament brunswick haven',
);
// Chinese has no spaces between words: these are looked for anywhere in the question.
const CJK_LIVE = ['价格', '汇率', '股价', '比分', '金价', '油价', '币价'];
const CJK_VOLATILE = ['新闻', '选举', '天气', '最新', '今天', '昨晚', '昨天', '排名', '领先', '赛程', '民调'];
const CJK_SLOW = ['最近', '现在', '目前', '人口', '总统', '总理', '得主', '冠军'];
const CJK_STABLE = ['首都', '定义', '意思', '历史', '出生', '发明', '作者', '面积', '货币', '语言'];

function cjkKind(query: string): FreshnessKind | 'unknown' {
  if (CJK_LIVE.some((w) => query.includes(w))) return 'live';
  if (CJK_VOLATILE.some((w) => query.includes(w))) return 'volatile';
  if (CJK_SLOW.some((w) => query.includes(w))) return 'slow';
  if (CJK_STABLE.some((w) => query.includes(w))) return 'stable';
  return 'unknown';
}

// In an answer: a page written as things happen.
const LIVE_ANSWER = /\b(?:live (?:score|scores|updates|blog|coverage)|minutes? ago|just now)\b/;
const VOLATILE_ANSWER = /\b(?:breaking news|hours? ago|as of today|this morning)\b/;

/** Longest text read: a question's 512 characters, each answer part's 1,000. */
const MAX_QUERY_CHARS = 512;
const MAX_ANSWER_CHARS = 1_000;

function plainWords(text: string, max: number): string[] {
  return text
    .slice(0, max)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((w) => w !== '');
}

/** The kind a question asks about, from its words alone. */
export function questionKind(query: string): FreshnessKind {
  const english = englishKind(plainWords(query, MAX_QUERY_CHARS));
  const chinese = cjkKind(query.slice(0, MAX_QUERY_CHARS));
  if (chinese === 'unknown') return english.kind;
  return english.known ? stricterKind(english.kind, chinese) : chinese;
}

/** The kind by English words, and whether any word said it (else a guess: slow). */
function englishKind(words: readonly string[]): { kind: FreshnessKind; known: boolean } {
  const known = (kind: FreshnessKind) => ({ kind, known: true });
  let kind: FreshnessKind | undefined;
  let stable = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = words[i + 1];
    if (word === 'new' && next !== undefined && NEW_PLACE.has(next)) continue;
    // "how much is an ounce of gold", "how many euros is one dollar": a price, however it is asked.
    if (LIVE.has(word)) return known('live');
    if (word === 'right' && next === 'now') return known('live');
    if (
      VOLATILE.has(word) ||
      (word === 'last' && (next === 'night' || next === 'week')) ||
      (word === 'this' && (next === 'week' || next === 'weekend' || next === 'month')) ||
      (word === 'so' && next === 'far')
    ) {
      kind = 'volatile';
    } else if (SLOW.has(word)) kind = kind === 'volatile' ? kind : 'slow';
    else if (STABLE.has(word)) stable = true;
  }
  // "did the Lakers win": a result, as news.
  if (words[0] === 'did' && words.some((w) => w === 'win' || w === 'lose' || w === 'beat'))
    return known('volatile');
  if (kind !== undefined) return known(kind);
  if (stable) return known('stable');
  // "what is a heat pump", "how to descale a kettle": a definition or a method.
  if (/^(?:what|who) (?:is|are) (?:a|an) /.test(`${words.slice(0, 3).join(' ')} `)) return known('stable');
  if (words[0] === 'how' && words[1] === 'to') return known('stable');
  // Not known to be stable: when in doubt, it goes stale sooner.
  return { kind: 'slow', known: false };
}

/** The default classifier: the question's kind, made stricter by an answer written as things happen. */
export const classifyFreshness: FreshnessClassifier = (query, answer) => {
  let kind = questionKind(query);
  if (kind === 'live') return kind;
  for (const part of answer) {
    const text = part.slice(0, MAX_ANSWER_CHARS).toLowerCase();
    if (LIVE_ANSWER.test(text)) return 'live';
    if (VOLATILE_ANSWER.test(text)) kind = stricterKind(kind, 'volatile');
  }
  return kind;
};

/** A finding's kind by `classify`, from its question and its answer's text (titles, snippets, facts). */
export function kindOfFinding(
  finding: {
    query: string;
    sources: readonly { title: string; snippet: string }[];
    facts?: readonly { text: string }[];
  },
  classify: FreshnessClassifier,
): FreshnessKind {
  const text: string[] = [];
  for (const source of finding.sources) text.push(source.title, source.snippet);
  for (const fact of finding.facts ?? []) text.push(fact.text);
  return classify(finding.query, text);
}
