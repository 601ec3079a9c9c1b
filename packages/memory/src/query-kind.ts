/**
 * The kinds of question a bot learns routing for (002 §1F): what each kind of search led to is counted per
 * kind. How long a finding answers is not decided here but by its freshness kind (`freshness.ts`).
 */
export type QueryKind =
  | 'financial'
  | 'weather'
  | 'current-events'
  | 'definition'
  | 'how-to'
  | 'factual'
  | 'general';

export const QUERY_KINDS: readonly QueryKind[] = Object.freeze([
  'financial',
  'weather',
  'current-events',
  'definition',
  'how-to',
  'factual',
  'general',
]);

/** Names a question's kind. Replaceable: an app may classify with its own model. */
export type QueryClassifier = (query: string) => QueryKind;

/**
 * Kinds whose answer changes by the hour. Recall answers them only from findings fresh enough for their
 * freshness kind (a price for minutes, a standing for hours): being one is no reason to skip the memory.
 */
export const TIME_SENSITIVE_KINDS: ReadonlySet<QueryKind> = new Set([
  'financial',
  'weather',
  'current-events',
]);

// Word lists, matched against whole lower-case words: linear in the question, no backtracking.
const words = (list: string) => new Set(list.split(' '));
const FINANCIAL = words(
  'price prices stock stocks share shares bitcoin btc ethereum crypto exchange rate rates nasdaq dow ' +
    's&p market markets forex usd eur gbp jpy inflation interest mortgage dividend earnings ipo worth cost costs',
);
const WEATHER = words(
  'weather forecast temperature rain raining snow snowing storm wind humidity sunny cloudy degrees hurricane',
);
const PRESENT = words(
  'current currently latest today tonight now live recent recently breaking news score scores standings ' +
    'yesterday tomorrow upcoming schedule open happening tonight',
);
const HOW_TO = words('steps guide tutorial install fix recipe');
const DEFINITION_START = /^(what|who) (is|are|was|were) (a|an|the) /;
const DEFINITION = /^(define|definition of|meaning of|what does .{1,80} mean)/;
const FACTUAL_START = words('who what when where which how many much capital population');

/** Lower-case words of a question, at most the first 512 characters. */
function wordsOf(query: string): string[] {
  return query
    .slice(0, 512)
    .toLowerCase()
    .split(/[^\p{L}\p{N}&]+/u)
    .filter((w) => w !== '');
}

/**
 * The default classifier: word lists, no model. Money and weather first (they are current whatever the
 * wording), then anything that asks about the present ("latest", "today", "score"), then the timeless kinds.
 */
export const classifyQuery: QueryClassifier = (query) => {
  const list = wordsOf(query);
  if (list.some((w) => FINANCIAL.has(w))) return 'financial';
  if (list.some((w) => WEATHER.has(w))) return 'weather';
  const text = list.join(' ');
  if (
    list.some((w) => PRESENT.has(w)) ||
    / (right now|this (week|month|year)|so far)( |$)/.test(` ${text} `)
  ) {
    return 'current-events';
  }
  if (text.startsWith('how to ') || list.some((w) => HOW_TO.has(w))) return 'how-to';
  if (text.startsWith('how do i ') || text.startsWith('how can i ')) return 'how-to';
  if (DEFINITION.test(text) || (DEFINITION_START.test(`${text} `) && list.length <= 5)) return 'definition';
  if (list.some((w) => FACTUAL_START.has(w)) || list.some((w) => /\d/.test(w))) return 'factual';
  return 'general';
};

/** Whether a question asks about the present (money, weather, news, scores, "today", "latest"). */
export function isTimeSensitive(query: string, classify: QueryClassifier = classifyQuery): boolean {
  return TIME_SENSITIVE_KINDS.has(classify(query));
}
