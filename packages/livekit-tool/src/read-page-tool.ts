/**
 * The `read_page` LiveKit tool, on `@agent-search/reader`: `import { ... } from '@agent-search/livekit-tool/reader'`.
 * A separate entry point, so an agent that only searches never loads the reader. The tool is core's layer
 * tool (one argument reading, one failure rendering) through the generic adapter (`liveKitTool`).
 */
import type { Logger } from '@agent-search/core';
import {
  type ReadPageToolOutput as PageOutput,
  READ_CANCELLED_ERROR,
  type ReadPageFailure,
  readPageTool as readPageLayerTool,
} from '@agent-search/core/tool';
import { type ReadPageOptions, type ReadPageResult, readPage } from '@agent-search/reader';
import { frameworkLogger } from './framework-logger.ts';
import { type LiveKitLayerTool, liveKitTool } from './layer-tool.ts';
import type { LoadingStatusPublisher } from './loading-status.ts';

export const READ_PAGE_TOOL_NAME = 'read_page';
export const DEFAULT_READING_MESSAGE = 'Reading the page…';
/** Characters of page text per call: about a minute of speech, enough to answer from. */
export const DEFAULT_EXCERPT_CHARS = 2_500;
export { READ_CANCELLED_ERROR };

export const READ_PAGE_TOOL_DESCRIPTION =
  'Read one web page and get its main text: use it after search_internet when a result looks right but its snippet does not answer the question, or when the user gives a link. Returns the title, site, date and the beginning of the text.';

/** Rules for the agent's instructions when `read_page` is registered. */
export const READ_PAGE_TOOL_RULES = `Reading pages (the ${READ_PAGE_TOOL_NAME} tool):
- Call ${READ_PAGE_TOOL_NAME} with a URL from a search result, or one the user gave, when the snippet is not enough; never invent a URL.
- Answer from the text it returns and say which site it comes from. If "truncated" is true the page goes on: the note at the end gives the offset to read on from; or pass a question to get the passages that answer it first.
- If it returns an error, say it briefly in your own words and offer to try another result.`;

/** What the model receives: the page's excerpt, or an error sentence it can say (with its code). */
export type ReadPageToolOutput = PageOutput | ReadPageFailure;

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

/**
 * Creates the `read_page` tool. Register it under `READ_PAGE_TOOL_NAME`. Failures (a blocked address,
 * robots.txt, a PDF, no content, a timeout) come back as `{ error, code }` with a sentence the model can
 * say, never as exceptions; an interrupted turn aborts the read.
 */
export function createReadPageTool<UserData = unknown>(
  options: ReadPageToolOptions<UserData> = {},
): LiveKitLayerTool<UserData> {
  const read = options.read ?? readPage;
  const tool = readPageLayerTool({
    read: (url, readOptions) => read(url, { ...options.readOptions, ...readOptions }),
    maxChars: options.excerptChars ?? DEFAULT_EXCERPT_CHARS,
    description: READ_PAGE_TOOL_DESCRIPTION,
    onFailure: (failure) => {
      const logger = options.logger ?? frameworkLogger();
      if (failure.code === 'unexpected') logger.warn({ code: failure.code }, `${READ_PAGE_TOOL_NAME} failed`);
      else if (failure.code !== 'cancelled') {
        logger.info({ code: failure.code }, `${READ_PAGE_TOOL_NAME} could not read the page`);
      }
    },
  });
  return liveKitTool(
    tool,
    options.loadingStatus === undefined ? {} : { loadingStatus: options.loadingStatus },
  );
}
