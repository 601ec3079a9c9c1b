import { tool } from 'ai';
import { z } from 'zod';

/** What `readPage` from `@agent-search/reader` returns, as much as this tool uses. */
export interface PageText {
  finalUrl: string;
  title: string;
  text: string;
  truncated: boolean;
}

/** `readPage` from `@agent-search/reader` (or the same behind `withPageCache`): passed in, so this package does not pull the reader's HTML stack for users who only search. */
export type PageReader = (
  url: string,
  options: { signal?: AbortSignal; maxChars?: number },
) => Promise<PageText>;

export interface ReadPageToolOptions {
  read: PageReader;
  /** Longest text handed to the model, cut on a paragraph boundary. Default 8,000 characters. */
  maxChars?: number;
  description?: string;
}

export const READ_PAGE_TOOL_DESCRIPTION =
  'Read one web page (an http or https URL, usually from web_search results) and return its main text as Markdown, without navigation, ads or scripts. Use it when a search snippet is not enough to answer.';

export const readPageInputSchema = z.object({
  url: z.string().trim().min(1).max(2_048).describe('The page address: https://…'),
});

// The reader's errors carry a sentence meant for the model; anything else is not shown as it is.
function readFailure(error: unknown): string {
  const named = error as { name?: unknown; message?: unknown };
  return named?.name === 'ReadPageError' && typeof named.message === 'string'
    ? named.message
    : 'The page could not be read.';
}

/**
 * `read_page` for the AI SDK: `tools: { read_page: readPageTool({ read: readPage }) }`. The program gets
 * `{ url, title, text, truncated }`; the model gets the title, the address and the text. A page the reader
 * refuses (a private address, robots.txt, a PDF) throws the reader's sentence, which the SDK hands the model.
 */
export function readPageTool(options: ReadPageToolOptions) {
  const maxChars = options.maxChars ?? 8_000;
  return tool({
    description: options.description ?? READ_PAGE_TOOL_DESCRIPTION,
    inputSchema: readPageInputSchema,
    execute: async ({ url }, { abortSignal }) => {
      try {
        const page = await options.read(url, { maxChars, ...(abortSignal ? { signal: abortSignal } : {}) });
        return { url: page.finalUrl, title: page.title, text: page.text, truncated: page.truncated };
      } catch (error) {
        throw new Error(readFailure(error), { cause: error });
      }
    },
    toModelOutput: ({ output }) => ({
      type: 'text',
      value: `# ${output.title || output.url}\n${output.url}\n\n${output.text}${output.truncated ? '\n\n[…]' : ''}`,
    }),
  });
}
