import {
  type Logger,
  type PageReader,
  pageModelText,
  READ_PAGE_TOOL_DESCRIPTION,
  READ_PAGE_TOOL_NAME,
  readPageFailure,
  silentLogger,
} from '@agent-search/core';
import { isReadPageError, readPage } from '@agent-search/reader';
import { z } from 'zod';
import { defineMcpTool, type McpTool, toolError } from './tool.ts';

const DEFAULT_MAX_CHARS = 20_000;

export const readPageInputSchema = {
  url: z.string().trim().min(1, 'say which page to read').max(2_048).describe('The page address: https://…'),
  max_chars: z
    .number()
    .int()
    .min(500)
    .max(100_000)
    .optional()
    .describe(`Longest text to return, cut on a paragraph boundary. Default ${DEFAULT_MAX_CHARS}.`),
};

const pageSchema = {
  url: z.string(),
  finalUrl: z.string(),
  title: z.string(),
  text: z.string(),
  truncated: z.boolean(),
  contentType: z.string(),
};

export interface ReadPageToolOptions {
  /** How pages are read: default `readPage` (a page cache in front of it is a good idea). */
  read?: PageReader;
  logger?: Logger;
}

/**
 * The `read_page` tool: the reader's guards apply (public addresses only, robots.txt, size and time
 * limits), and its failures come back as tool errors with the reader's sentence.
 */
export function readPageTool(options: ReadPageToolOptions = {}): McpTool {
  const read = options.read ?? readPage;
  const logger = options.logger ?? silentLogger;
  return defineMcpTool({
    name: READ_PAGE_TOOL_NAME,
    title: 'Read a web page',
    description: READ_PAGE_TOOL_DESCRIPTION,
    inputSchema: readPageInputSchema,
    outputSchema: pageSchema,
    annotations: { readOnlyHint: true, openWorldHint: true },
    async call(args, { signal }) {
      try {
        const page = await read(args.url, { signal, maxChars: args.max_chars ?? DEFAULT_MAX_CHARS });
        return {
          content: [{ type: 'text', text: pageModelText(page) }],
          structuredContent: {
            url: page.url,
            finalUrl: page.finalUrl,
            title: page.title,
            text: page.text,
            truncated: page.truncated,
            contentType: page.contentType,
          },
        };
      } catch (error) {
        if (signal.aborted) return toolError('The page read was cancelled.');
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
