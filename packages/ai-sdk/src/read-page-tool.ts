import {
  type PageReader,
  pageModelText,
  READ_PAGE_TOOL_DESCRIPTION,
  readPageFailure,
} from '@agent-search/core/views';
import { type Tool, tool } from 'ai';
import { z } from 'zod';
import { ToolFailure } from './tool-failure.ts';

export interface ReadPageToolOptions {
  /** `readPage` from `@agent-search/reader` (or the same behind `withPageCache`). */
  read: PageReader;
  /** Longest text handed to the model, cut on a paragraph boundary. Default 8,000 characters. */
  maxChars?: number;
  description?: string;
}

export const readPageInputSchema = z.object({
  url: z.string().trim().min(1).max(2_048).describe('The page address: https://…'),
});

export type ReadPageInput = z.infer<typeof readPageInputSchema>;

/** What the program keeps of a page read (the tool's result). */
export interface ReadPageToolOutput {
  url: string;
  title: string;
  text: string;
  truncated: boolean;
}

/**
 * `read_page` for the AI SDK: `tools: { read_page: readPageTool({ read: readPage }) }`. The program gets
 * `{ url, title, text, truncated }`; the model gets the title, the address and the text. A page the reader
 * refuses (a private address, robots.txt, a PDF) throws the reader's sentence, which the SDK hands the model.
 */
export function readPageTool(options: ReadPageToolOptions): Tool<ReadPageInput, ReadPageToolOutput> {
  const maxChars = options.maxChars ?? 8_000;
  return tool({
    description: options.description ?? READ_PAGE_TOOL_DESCRIPTION,
    inputSchema: readPageInputSchema,
    execute: async ({ url }, { abortSignal }) => {
      try {
        const page = await options.read(url, { maxChars, ...(abortSignal ? { signal: abortSignal } : {}) });
        return { url: page.finalUrl, title: page.title, text: page.text, truncated: page.truncated };
      } catch (error) {
        throw new ToolFailure(readPageFailure(error), { cause: error });
      }
    },
    toModelOutput: ({ output }) => ({
      type: 'text',
      value: pageModelText({ ...output, finalUrl: output.url }),
    }),
  });
}
