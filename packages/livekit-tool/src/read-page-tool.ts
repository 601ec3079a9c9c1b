/**
 * The `read_page` LiveKit tool, on `@agent-search/reader`: `import { ... } from '@agent-search/livekit-tool/reader'`.
 * A separate entry point, so an agent that only searches never loads the reader.
 */
import type { Logger } from '@agent-search/core';
import { READ_PAGE_ARGUMENTS, READ_PAGE_LIMITS, readPageBudget } from '@agent-search/core/views';
import { isReadPageError, type ReadPageOptions, type ReadPageResult, readPage } from '@agent-search/reader';
import { llm } from '@livekit/agents';
import { z } from 'zod';
import { describeError, frameworkLogger } from './framework-logger.ts';
import { type LoadingStatusPublisher, loadingStatus, publishLoadingStatus } from './loading-status.ts';

export const READ_PAGE_TOOL_NAME = 'read_page';
export const DEFAULT_READING_MESSAGE = 'Reading the page…';
/** Characters of page text per call: about a minute of speech, enough to answer from. */
export const DEFAULT_EXCERPT_CHARS = 2_500;
export const READ_CANCELLED_ERROR = 'reading cancelled';
const UNEXPECTED_ERROR = 'I could not read that page.';

export const READ_PAGE_TOOL_DESCRIPTION =
  'Read one web page and get its main text: use it after search_internet when a result looks right but its snippet does not answer the question, or when the user gives a link. Returns the title, site, date and the beginning of the text.';

/** Rules for the agent's instructions when `read_page` is registered. */
export const READ_PAGE_TOOL_RULES = `Reading pages (the ${READ_PAGE_TOOL_NAME} tool):
- Call ${READ_PAGE_TOOL_NAME} with a URL from a search result, or one the user gave, when the snippet is not enough; never invent a URL.
- Answer from the text it returns and say which site it comes from. If "truncated" is true the page goes on: the note at the end gives the offset to read on from; or pass a question to get the passages that answer it first.
- If it returns an error, say it briefly in your own words and offer to try another result.`;

export const readPageParameters = z.object({
  url: z.string().describe('The full address of the page, starting with https:// or http://.'),
  max_tokens: z
    .number()
    .int()
    .min(READ_PAGE_LIMITS.minTokens)
    .max(READ_PAGE_LIMITS.maxTokens)
    .nullish()
    .describe(`${READ_PAGE_ARGUMENTS.max_tokens} At most the tool's own excerpt.`),
  offset: z
    .number()
    .int()
    .min(0)
    .max(READ_PAGE_LIMITS.maxOffset)
    .nullish()
    .describe(READ_PAGE_ARGUMENTS.offset),
  question: z
    .string()
    .max(READ_PAGE_LIMITS.maxQuestionChars)
    .nullish()
    .describe(READ_PAGE_ARGUMENTS.question),
  loading_message: z
    .string()
    .nullish()
    .describe('A short line in your own voice shown to the user while you read: "Opening the article..."'),
});
export type ReadPageArgs = z.infer<typeof readPageParameters>;

/** What the model receives: the page's excerpt, or an error sentence it can say. */
export type ReadPageToolOutput =
  | {
      title: string;
      url: string;
      site?: string;
      published?: string;
      text: string;
      truncated: boolean;
      /** Where a next read (`offset`) goes on from the cut. */
      next_offset?: number;
    }
  | { error: string };

/** A page reader: `readPage`, or `readPage` behind `withPageCache` from `@agent-search/cache`. */
export type PageReader = (url: string, options?: ReadPageOptions) => Promise<ReadPageResult>;

export interface ReadPageToolOptions<UserData = unknown> {
  /** Default `readPage`. Pass `withPageCache(readPage, { store })` to share reads through the cache. */
  read?: PageReader;
  /** Options for every read (timeouts, limits); `maxChars` is the excerpt size below. */
  readOptions?: Omit<ReadPageOptions, 'signal' | 'maxChars'>;
  /** Characters of page text returned per call. Default `DEFAULT_EXCERPT_CHARS`. */
  excerptChars?: number;
  /** Where the "Reading the page…" status goes; as for `search_internet`. Default: the job's room. */
  loadingStatus?: LoadingStatusPublisher<UserData>;
  logger?: Logger;
}

function toOutput(page: ReadPageResult): ReadPageToolOutput {
  return {
    title: page.title,
    url: page.finalUrl,
    ...(page.siteName ? { site: page.siteName } : {}),
    ...(page.publishedAt ? { published: page.publishedAt.slice(0, 10) } : {}),
    text: page.text,
    truncated: page.truncated,
    ...(page.nextOffset === undefined ? {} : { next_offset: page.nextOffset }),
  };
}

/**
 * Creates the `read_page` tool. Register it under `READ_PAGE_TOOL_NAME`. Failures (a blocked address,
 * robots.txt, a PDF, a timeout) come back as `{ error }` with a sentence the model can say, never as
 * exceptions; an interrupted turn aborts the read.
 */
export function createReadPageTool<UserData = unknown>(
  options: ReadPageToolOptions<UserData> = {},
): llm.AnonFunctionTool<ReadPageArgs, UserData, ReadPageToolOutput> {
  const read = options.read ?? readPage;
  const excerptChars = options.excerptChars ?? DEFAULT_EXCERPT_CHARS;
  return llm.tool<UserData, typeof readPageParameters, ReadPageToolOutput>({
    description: READ_PAGE_TOOL_DESCRIPTION,
    parameters: readPageParameters,
    execute: async (args, { ctx, abortSignal }) => {
      const logger = options.logger ?? frameworkLogger();
      const url = args.url.trim();
      if (url === '') return { error: 'No address given: say which page to read.' };
      await publishLoadingStatus(
        options.loadingStatus,
        loadingStatus(args.loading_message?.trim() || DEFAULT_READING_MESSAGE),
        ctx,
        logger,
      );
      try {
        const page = await read(url, {
          ...options.readOptions,
          maxChars: excerptChars,
          ...readPageBudget(args),
          signal: abortSignal,
        });
        logger.debug(
          { chars: page.text.length, truncated: page.truncated },
          `${READ_PAGE_TOOL_NAME} answered`,
        );
        return toOutput(page);
      } catch (error) {
        if (abortSignal.aborted) return { error: READ_CANCELLED_ERROR };
        if (isReadPageError(error)) {
          logger.info(
            { code: error.code, status: error.status },
            `${READ_PAGE_TOOL_NAME} could not read the page`,
          );
          return { error: error.message };
        }
        logger.warn({ code: 'unexpected', error: describeError(error) }, `${READ_PAGE_TOOL_NAME} failed`);
        return { error: UNEXPECTED_ERROR };
      }
    },
  }) as llm.AnonFunctionTool<ReadPageArgs, UserData, ReadPageToolOutput>;
}
