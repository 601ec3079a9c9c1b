import { type SearchClient, type SearchResult, truncate } from '@agent-search/core';
import { z } from 'zod';
import { CHINESE_DATE, NUMERIC_DATE, toIsoDay } from './dates.ts';
import { parseInput } from './input.ts';
import { type LegalSearchOptions, withPageText } from './page-text.ts';
import { assertLegalProfile } from './profiles.ts';

export const CASE_TYPES = ['民事', '刑事', '行政', '执行', '国家赔偿'] as const;
export type CaseType = (typeof CASE_TYPES)[number];

export const caseSearchInputSchema = z.object({
  /** 关键词: cause of action, party, court or case number. */
  keyword: z.string().trim().min(1, 'keyword is empty: say what the case is about').max(200),
  caseType: z.enum(CASE_TYPES).optional(),
  maxResults: z.number().int().min(1).max(10).optional(),
});
export type CaseSearchInput = z.input<typeof caseSearchInputSchema>;

/** What one search result says about a case; fields the page does not state are undefined. */
export interface CaseResult {
  /** 案号, with full-width parentheses: "（2023）京01民终1234号". */
  caseNumber?: string;
  caseName?: string;
  court?: string;
  /** 裁判日期, "YYYY-MM-DD". */
  date?: string;
  caseType?: CaseType;
  /** The facts the court found, else its reasoning, else the result's snippet (≤ 300 characters). */
  summary?: string;
  /** What the court ordered: the text after 判决如下/裁定如下. */
  verdict?: string;
  url: string;
}

// 案号: (year) court code, type code, number, 号. The court code is a province's abbreviation (or 最高法,
// 兵 for the Xinjiang Production and Construction Corps, 军 for military courts) with optional digits.
const COURT_CODE = '(?:最高法|[京津沪渝冀晋辽吉黑苏浙皖闽赣鲁豫鄂湘粤琼川黔滇陕甘青蒙桂藏宁新兵军])';
const CASE_NUMBER = new RegExp(
  `[（(]\\s*((?:19|20)\\d{2})\\s*[）)]\\s*(${COURT_CODE}\\d{0,6}[\\u4e00-\\u9fff]{1,6}?)\\s*(\\d{1,7})\\s*号`,
  'u',
);
const TYPE_BY_CODE: Record<string, CaseType> = {
  民: '民事',
  刑: '刑事',
  行: '行政',
  执: '执行',
  赔: '国家赔偿',
};
// Document headings are often spaced out ("民 事 判 决 书"), so their characters may be apart.
function loose(...words: string[]): string {
  return `(?:${words.map((w) => [...w].join('\\s?')).join('|')})`;
}
const DOCUMENT = loose('判决书', '裁定书', '调解书', '决定书');
const TYPE_WORD = loose('民事', '刑事', '行政', '执行', '国家赔偿');
const DOCUMENT_TYPE = new RegExp(`(${TYPE_WORD})(?:[\\u4e00-\\u9fff]{0,4})?${DOCUMENT}`, 'u');
// A run of Chinese characters ending in 人民法院: it cannot span spaces or punctuation.
const COURT = '[\\u4e00-\\u9fff]{2,24}?人民法院';
// Words that run into a court's name in a sentence ("上诉人不服北京市朝阳区人民法院…"). Single characters
// such as 于 or 和 are not among them: they begin real names (于都县人民法院, 和平区人民法院).
const LEAD_IN = /^.*(?:不服|上诉至|诉至|起诉于|审理法院为|原审|移送)/u;
const DATE_LABEL = new RegExp(`(?:裁判|判决|宣判|审结)日期[：:]\\s*(?:${NUMERIC_DATE}|${CHINESE_DATE})`, 'u');
const SIGN_OFF_DATE =
  /([〇零一二三四五六七八九]{4})年([一二三四五六七八九十]{1,2})月([一二三四五六七八九十]{1,3})日/gu;
const VERDICT =
  /(?:判决|裁定|决定)如下[：:]\s*(.+?)(?=\s*(?:如不服本|本判决为终审|本裁定为终审|审\s*判\s*长|审\s*判\s*员|$))/u;
const FACTS = /(?:经审理查明|本院查明|审理查明)[，,：:]?\s*(.+?)(?=\s*本院认为|$)/u;
const REASONING = /本院认为[，,：:]?\s*(.+?)(?=\s*(?:判决如下|裁定如下|依照|$))/u;
// A title segment naming a document ("刘某某盗窃一审刑事判决书"), or a sentence naming a dispute or crime.
const TITLE_CASE_NAME = new RegExp(`^[^\\s，。；：]{2,60}${DOCUMENT}$`, 'u');
const CASE_NAME = new RegExp(`[^\\s，。；：]{2,60}?(?:纠纷|罪|一案)[^\\s，。；：]{0,20}?${DOCUMENT}`, 'u');

/** The first case number in `text`, written with full-width parentheses, and the type its code says. */
export function extractCaseNumber(text: string): { caseNumber: string; typeCode?: CaseType } | undefined {
  const m = CASE_NUMBER.exec(text);
  if (!m) return undefined;
  const code = [...m[2]!].find((c) => c in TYPE_BY_CODE);
  const found: { caseNumber: string; typeCode?: CaseType } = { caseNumber: `（${m[1]}）${m[2]}${m[3]}号` };
  if (code) found.typeCode = TYPE_BY_CODE[code];
  return found;
}

/** The deciding court: the one labelled 审理法院, else the one heading the document, else the first named. */
export function extractCourt(text: string): string | undefined {
  const match =
    new RegExp(`审理法院[：:]\\s*(${COURT})`, 'u').exec(text) ??
    new RegExp(`(${COURT})\\s*${TYPE_WORD}?${DOCUMENT}`, 'u').exec(text) ??
    new RegExp(`(${COURT})`, 'u').exec(text);
  const name = match?.[1]?.replace(LEAD_IN, '');
  return name && name.length > '人民法院'.length ? name : undefined;
}

export function extractCaseDate(text: string): string | undefined {
  const labelled = DATE_LABEL.exec(text);
  if (labelled) {
    const [y, m, d] = labelled.slice(1).filter((g) => g !== undefined);
    return toIsoDay(y!, m!, d!);
  }
  // A judgment ends with its date in Chinese numerals (二〇二三年六月十五日); Arabic dates in the body are
  // events of the case, not the judgment's date.
  const last = [...text.matchAll(SIGN_OFF_DATE)].at(-1);
  return last ? toIsoDay(last[1]!, last[2]!, last[3]!) : undefined;
}

/** Everything one search result says about a case, without guessing. */
export function extractCase(result: SearchResult): CaseResult {
  // The page text when the provider sent it (the search asks for it), else the snippet.
  const text = result.content ?? result.snippet;
  const all = `${result.title} ${text}`;
  const found: CaseResult = { url: result.url };
  const number = extractCaseNumber(all);
  if (number) found.caseNumber = number.caseNumber;
  const name =
    result.title.split(/\s*[-_|–—]\s*/u).find((part) => TITLE_CASE_NAME.test(part)) ??
    CASE_NAME.exec(text)?.[0];
  if (name) found.caseName = name;
  const court = extractCourt(all);
  if (court) found.court = court;
  const date = extractCaseDate(text);
  if (date) found.date = date;
  const written = DOCUMENT_TYPE.exec(result.title)?.[1] ?? DOCUMENT_TYPE.exec(text)?.[1];
  const caseType = (written?.replace(/\s/g, '') as CaseType | undefined) ?? number?.typeCode;
  if (caseType) found.caseType = caseType;
  const summary = FACTS.exec(text)?.[1] ?? REASONING.exec(text)?.[1] ?? text;
  if (summary.trim()) found.summary = truncate(summary.trim(), 300);
  const verdict = VERDICT.exec(text)?.[1];
  if (verdict) found.verdict = truncate(verdict.trim(), 500);
  return found;
}

/** `caseSearch`'s options: with `readPage`, a judgment without page text is read from its page. */
export type CaseSearchOptions = LegalSearchOptions;

/**
 * 案例检索: searches the `case` profile's sites and extracts each result's case number, court, date, type,
 * facts and verdict. The client needs the legal profiles (`withLegalProfiles`). With `caseType`, results
 * of another (known) type are left out. With `readPage`, results without page text get their page read
 * first.
 */
export async function caseSearch(
  client: Pick<SearchClient, 'search' | 'profiles'>,
  input: CaseSearchInput,
  options: CaseSearchOptions = {},
): Promise<CaseResult[]> {
  assertLegalProfile(client, 'case');
  const { keyword, caseType, maxResults } = parseInput(caseSearchInputSchema, input);
  const query = caseType && !keyword.includes(caseType) ? `${keyword} ${caseType}` : keyword;
  const { readPage, ...searchOptions } = options;
  const response = await client.search(
    { query, profile: 'case', maxResults: maxResults ?? 5, includeContent: true },
    searchOptions,
  );
  const results = readPage
    ? await Promise.all(response.results.map((result) => withPageText(result, readPage, options.signal)))
    : response.results;
  const cases = results.map(extractCase);
  return caseType ? cases.filter((c) => c.caseType === undefined || c.caseType === caseType) : cases;
}
