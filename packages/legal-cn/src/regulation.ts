import { type SearchClient, SearchError, type SearchResult, truncate } from '@agent-search/core';
import { z } from 'zod';
import { CHINESE_DATE, NUMERIC_DATE, toIsoDay } from './dates.ts';
import { parseInput } from './input.ts';
import { NUMERAL, parseNumeral, toChineseNumeral } from './numerals.ts';
import { type LegalSearchOptions, withPageText } from './page-text.ts';
import { assertLegalProfile } from './profiles.ts';

export const regulationSearchInputSchema = z.object({
  /** 法律名称, e.g. "民法典" or "中华人民共和国个人信息保护法". */
  lawName: z.string().trim().min(1, 'lawName is empty: name the law').max(100),
  /** 条款号: "第一百零八条", "第108条", "108" or 108. */
  article: z.union([z.string().trim().min(1), z.number()]).optional(),
  maxResults: z.number().int().min(1).max(10).optional(),
});
export type RegulationSearchInput = z.input<typeof regulationSearchInputSchema>;

/** Another article the text cites: 《…》第X条 or 本法第X条. */
export interface ArticleReference {
  /** The cited law; for 本法/本条例 the law being read, when known. */
  lawName?: string;
  articleNumber: number;
  /** As cited, e.g. "《中华人民共和国数据安全法》第四十五条". */
  citation: string;
}

/** What one search result says about the law; fields the page does not state are undefined. */
export interface RegulationResult {
  lawName?: string;
  /** The requested article, when the page holds its text. */
  articleNumber?: number;
  /** The article's full text from 第X条 to the next article; without `article`, the opening of the page (1,500 characters). */
  content?: string;
  /** 施行/生效 date, "YYYY-MM-DD". */
  effectiveDate?: string;
  /** Site the text comes from. */
  source: string;
  url: string;
  references: ArticleReference[];
}

const ARTICLE = `第(${NUMERAL}+)条`;
// An article heading starts a line (after whitespace collapsing: follows a space or sentence end) and is
// followed by a space or a bracketed article title; a citation inside a sentence is not.
const HEADING = new RegExp(`(?:^|[\\s。；])${ARTICLE}(?=[\\s【])`, 'gu');
const CHAPTER = new RegExp(`(?:^|\\s)第${NUMERAL}+[编章节](?=\\s)`, 'gu');
const SELF = '本(?:法|条例|规定|办法|解释|决定)';
const REFERENCE = new RegExp(
  `(《[^》]{2,60}》|${SELF})((?:${ARTICLE}(?:第${NUMERAL}+款)?(?:[、和及或至]|以及)?)+)`,
  'gu',
);
const EFFECTIVE = [
  new RegExp(`(?:施行|生效)(?:日期|时间)[：:]\\s*(?:${NUMERIC_DATE}|${CHINESE_DATE})`, 'u'),
  new RegExp(`${CHINESE_DATE}\\s*起?(?:施行|生效)`, 'u'),
];
const LAW_SUFFIX = /(?:法典|法|条例|规定|办法|决定|解释|规则|细则)$/u;

/** "第一百零八条", "第108条", "108" or 108 → 108. */
export function parseArticleNumber(article: string | number): number {
  const text = typeof article === 'number' ? String(article) : article.replace(/\s+/g, '');
  const match = /^第?([^第条]+)条?$/u.exec(text);
  const n = match ? parseNumeral(match[1]!) : undefined;
  if (n === undefined || !Number.isInteger(n) || n < 1 || n > 9999) {
    throw new SearchError(
      'invalid_request',
      `article "${String(article).slice(0, 20)}" is not an article number; write 第一百零八条, 第108条 or 108`,
    );
  }
  return n;
}

function bare(name: string): string {
  return name.replace(/^中华人民共和国/, '');
}

function namesSameLaw(found: string, wanted: string): boolean {
  return bare(found).includes(bare(wanted)) || bare(wanted).includes(bare(found));
}

const quotedNames = (text: string) => [...text.matchAll(/《([^》]{2,60})》/gu)].map((m) => m[1]!);

/**
 * The full name of the law the page is about, as the page writes it. The title speaks first: a page's
 * body also cites other laws, such as the national regulation a local one implements.
 */
export function extractLawName(title: string, text: string, wanted: string): string | undefined {
  const segments = title.split(/\s*[-_|–—]\s*|\s+/u).filter((s) => LAW_SUFFIX.test(s));
  const official = [...text.matchAll(/中华人民共和国[\u4e00-\u9fff]{1,30}?(?:法典|法)(?![\u4e00-\u9fff])/gu)];
  const candidates = [...quotedNames(title), ...segments, ...quotedNames(text), ...official.map((m) => m[0])];
  return candidates.find((name) => namesSameLaw(name, wanted));
}

/** The text of article `n` from its heading up to the next article or chapter heading. */
export function extractArticle(text: string, n: number): string | undefined {
  const headings = [...text.matchAll(HEADING)];
  const index = headings.findIndex((m) => parseNumeral(m[1]!) === n);
  if (index === -1) return undefined;
  const heading = headings[index]!;
  const start = heading.index + heading[0].indexOf('第');
  const next = headings[index + 1]?.index ?? text.length;
  const chapter = [...text.slice(start, next).matchAll(CHAPTER)][0];
  const end = chapter ? start + chapter.index : next;
  return text.slice(start, end).trim();
}

export function extractEffectiveDate(text: string): string | undefined {
  for (const pattern of EFFECTIVE) {
    const m = pattern.exec(text);
    if (!m) continue;
    const [y, mo, d] = m.slice(1).filter((g) => g !== undefined);
    const day = toIsoDay(y!, mo!, d!);
    if (day) return day;
  }
  return undefined;
}

/** Articles `text` cites, once each, leaving out the article itself. */
export function extractReferences(
  text: string,
  lawName: string | undefined,
  self?: number,
): ArticleReference[] {
  const references: ArticleReference[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(REFERENCE)) {
    const quoted = m[1]!.startsWith('《') ? m[1]!.slice(1, -1) : undefined;
    const cited = quoted ?? lawName;
    for (const article of m[2]!.matchAll(new RegExp(ARTICLE, 'gu'))) {
      const articleNumber = parseNumeral(article[1]!);
      if (articleNumber === undefined) continue;
      const sameLaw = quoted === undefined || (lawName !== undefined && namesSameLaw(quoted, lawName));
      if (sameLaw && articleNumber === self) continue;
      const key = `${cited ?? m[1]}#${articleNumber}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const reference: ArticleReference = { articleNumber, citation: `${m[1]}${article[0]}` };
      if (cited) reference.lawName = cited;
      references.push(reference);
    }
  }
  return references;
}

/** Without an article, `content` is the opening of the page (title, issuing body, first articles), not the whole law. */
export const LAW_OPENING_CHARS = 1_500;

/** Everything one search result says about `lawName` (and `article`), without guessing. */
export function extractRegulation(result: SearchResult, lawName: string, article?: number): RegulationResult {
  // The page text when the provider sent it (the search asks for it), else the snippet.
  const text = result.content ?? result.snippet;
  const found = extractLawName(result.title, text, lawName);
  const content =
    article === undefined ? truncate(text, LAW_OPENING_CHARS) || undefined : extractArticle(text, article);
  const regulation: RegulationResult = {
    source: result.source,
    url: result.url,
    references: extractReferences(content ?? '', found, article),
  };
  if (found) regulation.lawName = found;
  if (article !== undefined && content) regulation.articleNumber = article;
  if (content) regulation.content = content;
  const effectiveDate = extractEffectiveDate(text);
  if (effectiveDate) regulation.effectiveDate = effectiveDate;
  return regulation;
}

/** `regulationSearch`'s options: with `readPage`, a result without the article's text is read from its page. */
export type RegulationSearchOptions = LegalSearchOptions;

/**
 * 法规条文检索: searches the `regulation` profile's sites for a law, or one of its articles, and extracts
 * what each result's text holds. The client needs the legal profiles (`withLegalProfiles`). Providers that
 * return page text (Exa, Tavily) give `content` directly; with `readPage`, an article lookup reads the page
 * of each result that came with only a snippet (DuckDuckGo, the keyless default), so "第X条" still gets the
 * article's full text. Without either, such results yield the law name and URL only.
 */
export async function regulationSearch(
  client: Pick<SearchClient, 'search' | 'profiles'>,
  input: RegulationSearchInput,
  options: RegulationSearchOptions = {},
): Promise<RegulationResult[]> {
  assertLegalProfile(client, 'regulation');
  const { lawName, article, maxResults } = parseInput(regulationSearchInputSchema, input);
  const articleNumber = article === undefined ? undefined : parseArticleNumber(article);
  const query = articleNumber === undefined ? lawName : `${lawName} 第${toChineseNumeral(articleNumber)}条`;
  const { readPage, ...searchOptions } = options;
  const response = await client.search(
    { query, profile: 'regulation', maxResults: maxResults ?? 5, includeContent: true },
    searchOptions,
  );
  // Only an article lookup needs the page: a snippet that shows the article's heading still cuts its text
  // short, so a result without page text has its page read; one that cannot be read keeps its snippet.
  const results =
    readPage && articleNumber !== undefined
      ? await Promise.all(response.results.map((result) => withPageText(result, readPage, options.signal)))
      : response.results;
  return results.map((result) => extractRegulation(result, lawName, articleNumber));
}
