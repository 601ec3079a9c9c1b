import { Bulkhead, BulkheadFullError, type Logger, silentLogger } from '@agent-search/core';
import {
  type PageReader,
  pageModelText,
  READ_PAGE_ARGUMENTS,
  READ_PAGE_LIMITS,
  READ_PAGE_TOOL_DESCRIPTION,
  READ_PAGE_TOOL_NAME,
  readPageBudget,
  readPageFailure,
} from '@agent-search/core/views';
import { isReadPageError, readPage } from '@agent-search/reader';
import { z } from 'zod';
import { defineMcpTool, type McpTool, toolError } from './tool.ts';

const DEFAULT_MAX_CHARS = 20_000;
/**
 * Pages read at once by one tool (every session of a server shares it). A read holds up to 5 MB of body
 * and its DOM, tens of MB for a big page: two at once keep a server's memory in the low hundreds of MB.
 */
export const DEFAULT_MAX_CONCURRENT_READS = 2;
/** Reads waiting for a slot; more are refused at once with a "busy" tool error. */
export const DEFAULT_MAX_QUEUED_READS = 16;

export const readPageInputSchema = {
  url: z.string().trim().min(1, 'say which page to read').max(2_048).describe('The page address: https://…'),
  max_chars: z
    .number()
    .int()
    .min(500)
    .max(100_000)
    .optional()
    .describe(`Longest text to return, cut on a paragraph boundary. Default ${DEFAULT_MAX_CHARS}.`),
  max_tokens: z
    .number()
    .int()
    .min(READ_PAGE_LIMITS.minTokens)
    .max(READ_PAGE_LIMITS.maxTokens)
    .optional()
    .describe(READ_PAGE_ARGUMENTS.max_tokens),
  offset: z
    .number()
    .int()
    .min(0)
    .max(READ_PAGE_LIMITS.maxOffset)
    .optional()
    .describe(READ_PAGE_ARGUMENTS.offset),
  question: z
    .string()
    .trim()
    .max(READ_PAGE_LIMITS.maxQuestionChars)
    .optional()
    .describe(READ_PAGE_ARGUMENTS.question),
};

const pageSchema = {
  url: z.string(),
  finalUrl: z.string(),
  title: z.string(),
  text: z.string(),
  truncated: z.boolean(),
  contentType: z.string(),
  nextOffset: z.number().optional(),
  totalChars: z.number().optional(),
  passages: z.array(z.object({ offset: z.number(), length: z.number() })).optional(),
};

export interface ReadPageToolOptions {
  /** How pages are read: default `readPage` (a page cache in front of it is a good idea). */
  read?: PageReader;
  logger?: Logger;
  /** Reads running at once. Default `DEFAULT_MAX_CONCURRENT_READS` (2). */
  maxConcurrent?: number;
  /** Reads waiting for their turn (each until its call is cancelled). Default `DEFAULT_MAX_QUEUED_READS` (16). */
  maxQueued?: number;
}

/**
 * The `read_page` tool: the reader's guards apply (public addresses only, robots.txt, size and time
 * limits), and its failures come back as tool errors with the reader's sentence. Reads share one budget
 * (`maxConcurrent` running, `maxQueued` waiting), so no number of calls or sessions multiplies the memory.
 */
export function readPageTool(options: ReadPageToolOptions = {}): McpTool {
  const read = options.read ?? readPage;
  const logger = options.logger ?? silentLogger;
  const budget = new Bulkhead(
    options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT_READS,
    options.maxQueued ?? DEFAULT_MAX_QUEUED_READS,
  );
  return defineMcpTool({
    name: READ_PAGE_TOOL_NAME,
    title: 'Read a web page',
    description: READ_PAGE_TOOL_DESCRIPTION,
    inputSchema: readPageInputSchema,
    outputSchema: pageSchema,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async call(args, { signal }) {
      try {
        const page = await budget.run(signal, () =>
          read(args.url, { signal, maxChars: args.max_chars ?? DEFAULT_MAX_CHARS, ...readPageBudget(args) }),
        );
        return {
          content: [{ type: 'text', text: pageModelText(page) }],
          structuredContent: {
            url: page.url,
            finalUrl: page.finalUrl,
            title: page.title,
            text: page.text,
            truncated: page.truncated,
            contentType: page.contentType,
            ...(page.nextOffset === undefined ? {} : { nextOffset: page.nextOffset }),
            ...(page.totalChars === undefined ? {} : { totalChars: page.totalChars }),
            ...(page.passages === undefined ? {} : { passages: page.passages }),
          },
        };
      } catch (error) {
        if (signal.aborted) return toolError('The page read was cancelled.');
        if (BulkheadFullError.is(error)) {
          logger.warn({ running: budget.running }, 'read_page refused: too many page reads waiting');
          return toolError('The page reader is busy with other pages; try again in a few seconds.');
        }
        if (isReadPageError(error)) {
          logger.info({ code: error.code, status: error.status }, 'read_page could not read the page');
        } else {
          logger.warn({ error: error instanceof Error ? error.name : typeof error }, 'read_page failed');
        }
        return toolError(readPageFailure(error));
      }
    },
  });
}
