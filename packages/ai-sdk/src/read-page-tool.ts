import {
  type PageReader,
  pageModelText,
  READ_PAGE_ARGUMENTS,
  READ_PAGE_LIMITS,
  READ_PAGE_TOOL_DESCRIPTION,
  readPageBudget,
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
});

export type ReadPageInput = z.infer<typeof readPageInputSchema>;

/** What the program keeps of a page read (the tool's result). */
export interface ReadPageToolOutput {
  url: string;
  title: string;
  text: string;
  truncated: boolean;
  /** Where a next read (`offset`) goes on from the cut. */
  nextOffset?: number;
  /** With a `question`: the passages given, best first, by offset and length. */
  passages?: { offset: number; length: number }[];
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
    execute: async ({ url, ...budget }, { abortSignal }) => {
      try {
        const page = await options.read(url, {
          maxChars,
          ...readPageBudget(budget),
          ...(abortSignal ? { signal: abortSignal } : {}),
        });
        return {
          url: page.finalUrl,
          title: page.title,
          text: page.text,
          truncated: page.truncated,
          ...(page.nextOffset === undefined ? {} : { nextOffset: page.nextOffset }),
          ...(page.passages === undefined ? {} : { passages: page.passages }),
        };
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
