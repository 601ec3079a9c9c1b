/**
 * LiveKit tools for Chinese regulation (法规条文) and court case (裁判文书) search, on
 * `@agent-search/legal-cn`: `import { ... } from '@agent-search/livekit-tool/legal-cn'`.
 */
import {
  isSearchError,
  type Logger,
  normalizeMaxResults,
  type SearchClient,
  type SearchOptions,
} from '@agent-search/core';
import { failureReason } from '@agent-search/core/tool';
import {
  assertLegalProfile,
  CASE_TYPES,
  type CaseResult,
  type CaseType,
  caseSearch,
  type PageTextReader,
  type RegulationResult,
  regulationSearch,
  withLegalProfiles,
} from '@agent-search/legal-cn';
import { llm, type voice } from '@livekit/agents';
import { z } from 'zod';
import { participantIdentity } from './caller.ts';
import { describeError, frameworkLogger } from './framework-logger.ts';
import { lenientScalar } from './search-tool.ts';

const errorOutput = (message: string): { results: []; error: string } => ({ results: [], error: message });

export type { CaseResult, CaseType, RegulationResult } from '@agent-search/legal-cn';
/** The client these tools search with needs the legal profiles: `profiles: withLegalProfiles()`. */
export { CASE_TYPES, withLegalProfiles };

/** Names the model calls the tools by; register each tool under its name. */
export const REGULATION_TOOL_NAME = 'regulation_search';
export const CASE_TOOL_NAME = 'case_search';

export const EMPTY_LAW_NAME_ERROR = 'empty law name: say which law to look up, for example 民法典';
export const EMPTY_KEYWORD_ERROR = 'empty keyword: say what the case is about';

/** Rules for the agent's instructions when the legal tools are registered. */
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

// Every field but the required one is `nullish`, so the schema stays valid in strict tool-schema mode.
export const regulationSearchParameters = z.object({
  law_name: z.string().describe('The law or regulation, e.g. "民法典" or "中华人民共和国个人信息保护法".'),
  article: z
    .string()
    .nullish()
    .describe('One article, e.g. "第一百零八条" or "108"; empty for the law as a whole.'),
  max_results: lenientScalar().describe('How many results, 1 to 10. Default 5.'),
});
export type RegulationSearchArgs = z.infer<typeof regulationSearchParameters>;

export const caseSearchParameters = z.object({
  keyword: z
    .string()
    .describe('What the case is about: cause of action, party, court or case number, e.g. "民间借贷 二审".'),
  case_type: z
    .string()
    .nullish()
    .describe('"民事", "刑事", "行政", "执行" or "国家赔偿"; empty for any type.'),
  max_results: lenientScalar().describe('How many results, 1 to 10. Default 5.'),
});
export type CaseSearchArgs = z.infer<typeof caseSearchParameters>;

/** What a legal tool hands back to the model: results, or none and a reason it can say aloud. */
export interface LegalToolOutput<Result> {
  results: Result[];
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
  /** Default: the LiveKit Agents logger once initialized, otherwise silent. */
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
export function normalizeCaseType(value: string | null | undefined): CaseType | undefined {
  const text = value?.replace(/\s+/g, ' ').trim().toLowerCase() ?? '';
  if (text === '') return undefined;
  const compact = text.replace(/ /g, '');
  return CASE_TYPES.find((type) => compact.startsWith(type)) ?? CASE_TYPE_ALIASES[text];
}

function definedFields<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function optionalText(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

function maxResults(value: unknown): number | undefined {
  return value === null || value === undefined ? undefined : normalizeMaxResults(value);
}

/** The caller's signal, and the person the agent talks to, so per-user rate limits count legal searches too. */
function searchOptions<UserData>(ctx: voice.RunContext<UserData>, signal: AbortSignal): SearchOptions {
  const userId = participantIdentity(ctx);
  return userId === undefined ? { signal } : { signal, userId };
}

/**
 * Runs one legal search, turning every failure into the output the model reads. The search gets a client
 * that notes whether the answer came from the cache, which the legal results themselves do not carry.
 */
async function answer<Result extends object>(
  tool: string,
  logger: Logger,
  abortSignal: AbortSignal,
  client: SearchClient,
  search: (client: Pick<SearchClient, 'search' | 'profiles'>) => Promise<Result[]>,
): Promise<LegalToolOutput<Result>> {
  let cached = false;
  const noting: Pick<SearchClient, 'search' | 'profiles'> = {
    profiles: client.profiles,
    search: async (input, options) => {
      const response = await client.search(input, options);
      cached = response.cached;
      return response;
    },
  };
  try {
    const results = await search(noting);
    logger.debug({ results: results.length }, `${tool} answered`);
    const output: LegalToolOutput<Result> = { results: results.map(definedFields) };
    if (cached) output.cached = true;
    return output;
  } catch (error) {
    // The tool layer's one sentence per failure; a cancelled call says so without a log line.
    if (abortSignal.aborted) return errorOutput(failureReason(error, abortSignal).message);
    logger.warn(
      isSearchError(error)
        ? { code: error.code, provider: error.provider, message: error.message }
        : { code: 'unexpected', error: describeError(error) },
      `${tool} failed`,
    );
    return errorOutput(failureReason(error, abortSignal).message);
  }
}

/**
 * Creates the `regulation_search` tool. Register it under `REGULATION_TOOL_NAME`. It searches the
 * `regulation` profile's sites and returns what each page says about the law (see `RegulationResult`).
 * Failures come back as `{ results: [], error }`, never as exceptions.
 */
export function createRegulationSearchTool<UserData = unknown>(
  options: LegalToolOptions,
): llm.AnonFunctionTool<RegulationSearchArgs, UserData, LegalToolOutput<RegulationResult>> {
  // A set-up mistake, told at start-up rather than to the model on its first call.
  assertLegalProfile(options.client, 'regulation');
  return llm.tool<UserData, typeof regulationSearchParameters, LegalToolOutput<RegulationResult>>({
    description: REGULATION_TOOL_DESCRIPTION,
    parameters: regulationSearchParameters,
    execute: async (args, { ctx, abortSignal }) => {
      const lawName = args.law_name.trim();
      if (lawName === '') return errorOutput(EMPTY_LAW_NAME_ERROR);
      const article = optionalText(args.article);
      const limit = maxResults(args.max_results);
      return answer(
        REGULATION_TOOL_NAME,
        options.logger ?? frameworkLogger(),
        abortSignal,
        options.client,
        (client) =>
          regulationSearch(
            client,
            {
              lawName,
              ...(article === undefined ? {} : { article }),
              ...(limit === undefined ? {} : { maxResults: limit }),
            },
            {
              ...searchOptions(ctx, abortSignal),
              ...(options.readPage ? { readPage: options.readPage } : {}),
            },
          ),
      );
    },
  }) as llm.AnonFunctionTool<RegulationSearchArgs, UserData, LegalToolOutput<RegulationResult>>;
}

/**
 * Creates the `case_search` tool. Register it under `CASE_TOOL_NAME`. It searches the `case` profile's
 * sites and returns what each judgment states (see `CaseResult`). A `case_type` outside CASE_TYPES is
 * ignored rather than rejected. Failures come back as `{ results: [], error }`, never as exceptions.
 */
export function createCaseSearchTool<UserData = unknown>(
  options: LegalToolOptions,
): llm.AnonFunctionTool<CaseSearchArgs, UserData, LegalToolOutput<CaseResult>> {
  assertLegalProfile(options.client, 'case');
  return llm.tool<UserData, typeof caseSearchParameters, LegalToolOutput<CaseResult>>({
    description: CASE_TOOL_DESCRIPTION,
    parameters: caseSearchParameters,
    execute: async (args, { ctx, abortSignal }) => {
      const logger = options.logger ?? frameworkLogger();
      const keyword = args.keyword.trim();
      if (keyword === '') return errorOutput(EMPTY_KEYWORD_ERROR);
      const caseType = normalizeCaseType(args.case_type);
      if (caseType === undefined && optionalText(args.case_type) !== undefined) {
        logger.debug({ caseType: args.case_type }, `${CASE_TOOL_NAME}: unknown case_type ignored`);
      }
      const limit = maxResults(args.max_results);
      return answer(CASE_TOOL_NAME, logger, abortSignal, options.client, (client) =>
        caseSearch(
          client,
          {
            keyword,
            ...(caseType === undefined ? {} : { caseType }),
            ...(limit === undefined ? {} : { maxResults: limit }),
          },
          { ...searchOptions(ctx, abortSignal), ...(options.readPage ? { readPage: options.readPage } : {}) },
        ),
      );
    },
  }) as llm.AnonFunctionTool<CaseSearchArgs, UserData, LegalToolOutput<CaseResult>>;
}
