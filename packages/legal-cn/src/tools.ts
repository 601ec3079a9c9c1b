/**
 * `regulation_search` and `case_search` as layer tools (`@agent-search/core/tool`): defined here, once,
 * and offered by every surface's generic adapter (LiveKit, MCP, the AI SDK, LangChain). No framework here.
 */
import { isSearchError, type Logger, type SearchClient, silentLogger } from '@agent-search/core';
import {
  argumentsObject,
  defineTool,
  failureReason,
  type LayerTool,
  readResultCount,
  type ToolAnswer,
  type ToolCall,
} from '@agent-search/core/tool';
import { CASE_TYPES, type CaseResult, type CaseType, caseSearch } from './case.ts';
import type { PageTextReader } from './page-text.ts';
import { assertLegalProfile } from './profiles.ts';
import { type RegulationResult, regulationSearch } from './regulation.ts';

/** Names the model calls the tools by. */
export const REGULATION_TOOL_NAME = 'regulation_search';
export const CASE_TOOL_NAME = 'case_search';

export const EMPTY_LAW_NAME_ERROR = 'empty law name: say which law to look up, for example 民法典';
export const EMPTY_KEYWORD_ERROR = 'empty keyword: say what the case is about';

/** Rules for the agent's instructions when the legal tools are offered. */
export const LEGAL_TOOL_RULES = `Chinese legal search (the ${REGULATION_TOOL_NAME} and ${CASE_TOOL_NAME} tools):
- Use ${REGULATION_TOOL_NAME} for what a Chinese law or regulation says: law_name is the law (民法典, 个人信息保护法), article the article the user names (第一百零八条 or 108); leave article empty for the law as a whole.
- Use ${CASE_TOOL_NAME} for court judgments and precedents: keyword is the cause of action, a party, a court or a case number (民间借贷 二审); set case_type (民事, 刑事, 行政, 执行 or 国家赔偿) only when the user's question makes it clear.
- Answer only from the results. Cite statutes as 《法律名称》第X条 and judgments by 案号 and court, and say which site the text comes from (for example flk.npc.gov.cn or wenshu.court.gov.cn). Do not read out URLs unless asked.
- If a result has no article text or no 案号, say what is missing; never quote an article or a case number from memory as if you had found it.
- If the tool returns an error or no results, tell the user briefly (for "rate limited", ask them to try again in a minute). Remind the user that this is legal information, not legal advice, when they face a decision.`;

export const REGULATION_TOOL_DESCRIPTION =
  'Look up Chinese laws and regulations (法律法规) on official and legal databases: the text of one article, or a law as a whole. Returns the article text, its number, the effective date, the articles it cites and the source site.';

export const CASE_TOOL_DESCRIPTION =
  'Search Chinese court judgments (裁判文书) by keyword: cause of action, party, court or case number. Returns each case number (案号), court, date, type, the facts found and the verdict, with the source URL.';

const MAX_RESULTS = {
  name: 'max_results',
  kind: 'count',
  description: 'How many results, 1 to 10. Default 5.',
} as const;

/** What a legal tool answers: results, or none and a reason the model can say. */
export interface LegalToolOutput<Result> {
  results: Result[];
  /** The failure's sentence. */
  error?: string;
  /** Only when the answer came from the cache. */
  cached?: true;
}

export interface LegalToolOptions {
  /**
   * The search client (from `createSearchClient`, `loadSearchConfig` or a cache wrapper), built with the
   * legal profiles (`profiles: withLegalProfiles()`); without them, creating a tool throws a TypeError.
   */
  client: SearchClient;
  logger?: Logger;
  /**
   * Reads a result's page when it came without page text (`readPage` from `@agent-search/reader`, best
   * behind `withPageCache`), so `case_search` answers from the full judgment and `regulation_search` gives
   * an article's full text on snippet-only providers (DuckDuckGo, the keyless default). Default: none.
   */
  readPage?: PageTextReader;
}

const CASE_TYPE_ALIASES: Record<string, CaseType> = {
  civil: '民事',
  criminal: '刑事',
  administrative: '行政',
  enforcement: '执行',
  execution: '执行',
  'state compensation': '国家赔偿',
};

/** One of CASE_TYPES ("民事案件" → 民事, "criminal" → 刑事), or undefined for anything else. */
export function normalizeCaseType(value: unknown): CaseType | undefined {
  const text = typeof value === 'string' ? value.replace(/\s+/g, ' ').trim().toLowerCase() : '';
  if (text === '') return undefined;
  const compact = text.replace(/ /g, '');
  return CASE_TYPES.find((type) => compact.startsWith(type)) ?? CASE_TYPE_ALIASES[text];
}

/** Free text from a model's argument: a string (or a number, as its digits), trimmed and bounded. */
function text(value: unknown, max = 200): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, max) : '';
}

function definedFields<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function failed(message: string, code: string): ToolAnswer {
  const value = { results: [] as never[], error: message };
  return { text: message, value, output: { ...value, code }, isError: true };
}

/**
 * Runs one legal search, turning every failure into the answer the model reads. The search gets a client
 * that notes whether the answer came from the cache, which the legal results themselves do not carry.
 */
async function answer<Result extends object>(
  tool: string,
  options: LegalToolOptions,
  call: ToolCall,
  search: (
    client: Pick<SearchClient, 'search' | 'profiles'>,
    searchOptions: Parameters<typeof regulationSearch>[2],
  ) => Promise<Result[]>,
): Promise<ToolAnswer> {
  const logger = options.logger ?? silentLogger;
  let cached = false;
  const noting: Pick<SearchClient, 'search' | 'profiles'> = {
    profiles: options.client.profiles,
    search: async (input, searchOptions) => {
      const response = await options.client.search(input, searchOptions);
      cached = response.cached;
      return response;
    },
  };
  try {
    await call.beforeWork?.();
    const results = await search(noting, {
      ...(call.signal ? { signal: call.signal } : {}),
      ...(call.userId === undefined ? {} : { userId: call.userId }),
      ...(options.readPage ? { readPage: options.readPage } : {}),
    });
    logger.debug({ results: results.length }, `${tool} answered`);
    const output: LegalToolOutput<Result> = { results: results.map(definedFields) };
    if (cached) output.cached = true;
    return { text: JSON.stringify(output), value: output, output, isError: false };
  } catch (error) {
    // The tool layer's one sentence per failure; a cancelled call says so without a log line.
    const reason = failureReason(error, call.signal);
    if (reason.code !== 'cancelled') {
      logger.warn(
        isSearchError(error)
          ? { code: error.code, provider: error.provider }
          : { code: 'unexpected', error: error instanceof Error ? error.name : typeof error },
        `${tool} failed`,
      );
    }
    return failed(reason.message, reason.code);
  }
}

/**
 * `regulation_search`: searches the `regulation` profile's sites and returns what each page says about
 * the law (see `RegulationResult`). An empty law name is the one refusal; an article that is not a number
 * is legal-cn's own sentence.
 */
export function regulationSearchTool(options: LegalToolOptions): LayerTool {
  // A set-up mistake, told at start-up rather than to the model on its first call.
  assertLegalProfile(options.client, 'regulation');
  return defineTool({
    name: REGULATION_TOOL_NAME,
    title: 'Chinese regulation search',
    description: REGULATION_TOOL_DESCRIPTION,
    parameters: [
      {
        name: 'law_name',
        kind: 'text',
        required: true,
        description: 'The law or regulation, e.g. "民法典" or "中华人民共和国个人信息保护法".',
      },
      {
        name: 'article',
        kind: 'text',
        description: 'One article, e.g. "第一百零八条" or "108"; empty for the law as a whole.',
      },
      MAX_RESULTS,
    ],
    instructions: LEGAL_TOOL_RULES,
    workingMessage: '正在查询法规…',
    run: async (rawArguments, call) => {
      const args = argumentsObject(rawArguments);
      const lawName = text(args.law_name);
      if (lawName === '') return failed(EMPTY_LAW_NAME_ERROR, 'invalid_request');
      const article = text(args.article, 40);
      const limit = readResultCount(args.max_results);
      return answer<RegulationResult>(REGULATION_TOOL_NAME, options, call, (client, searchOptions) =>
        regulationSearch(
          client,
          {
            lawName,
            ...(article === '' ? {} : { article }),
            ...(limit === undefined ? {} : { maxResults: limit }),
          },
          searchOptions,
        ),
      );
    },
  });
}

/**
 * `case_search`: searches the `case` profile's sites and returns what each judgment states (see
 * `CaseResult`). A `case_type` outside CASE_TYPES (after `normalizeCaseType`) is ignored, not refused.
 */
export function caseSearchTool(options: LegalToolOptions): LayerTool {
  assertLegalProfile(options.client, 'case');
  return defineTool({
    name: CASE_TOOL_NAME,
    title: 'Chinese court case search',
    description: CASE_TOOL_DESCRIPTION,
    parameters: [
      {
        name: 'keyword',
        kind: 'text',
        required: true,
        description:
          'What the case is about: cause of action, party, court or case number, e.g. "民间借贷 二审".',
      },
      {
        name: 'case_type',
        kind: 'word',
        words: CASE_TYPES,
        description: '"民事", "刑事", "行政", "执行" or "国家赔偿"; empty for any type.',
      },
      MAX_RESULTS,
    ],
    instructions: LEGAL_TOOL_RULES,
    workingMessage: '正在检索裁判文书…',
    run: async (rawArguments, call) => {
      const args = argumentsObject(rawArguments);
      const keyword = text(args.keyword);
      if (keyword === '') return failed(EMPTY_KEYWORD_ERROR, 'invalid_request');
      const caseType = normalizeCaseType(args.case_type);
      const limit = readResultCount(args.max_results);
      return answer<CaseResult>(CASE_TOOL_NAME, options, call, (client, searchOptions) =>
        caseSearch(
          client,
          {
            keyword,
            ...(caseType === undefined ? {} : { caseType }),
            ...(limit === undefined ? {} : { maxResults: limit }),
          },
          searchOptions,
        ),
      );
    },
  });
}

/** Both legal tools, for a surface's tool list: `[...legalTools({ client })]`. */
export function legalTools(options: LegalToolOptions): LayerTool[] {
  return [regulationSearchTool(options), caseSearchTool(options)];
}
