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
import { tool } from '@langchain/core/tools';
import { z } from 'zod';

export interface ReadPageToolOptions {
  /** `readPage` from `@agent-search/reader` (or the same behind `withPageCache`). */
  read: PageReader;
  /** Longest text handed to the model, cut on a paragraph boundary. Default 8,000 characters. */
  maxChars?: number;
  /** Default `read_page`. */
  name?: string;
  description?: string;
}

/** The artifact: the page as read, or the sentence the model got when it could not be. */
export type ReadPageArtifact =
  | {
      url: string;
      title: string;
      text: string;
      truncated: boolean;
      nextOffset?: number;
      passages?: { offset: number; length: number }[];
    }
  | { error: string };

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

/**
 * `read_page` as a LangChain tool: the model gets the page's title, address and text (the ToolMessage's
 * `content`), the program the page (its `artifact`). A page the reader refuses answers with the reader's
 * sentence, so the agent loop goes on and the model can say why.
 */
export function readPageTool(options: ReadPageToolOptions) {
  const maxChars = options.maxChars ?? 8_000;
  return tool(
    async ({ url, ...budget }, config): Promise<[string, ReadPageArtifact]> => {
      try {
        const page = await options.read(url, {
          maxChars,
          ...readPageBudget(budget),
          ...(config?.signal ? { signal: config.signal } : {}),
        });
        return [
          pageModelText(page),
          {
            url: page.finalUrl,
            title: page.title,
            text: page.text,
            truncated: page.truncated,
            ...(page.nextOffset === undefined ? {} : { nextOffset: page.nextOffset }),
            ...(page.passages === undefined ? {} : { passages: page.passages }),
          },
        ];
      } catch (error) {
        const message = readPageFailure(error);
        return [message, { error: message }];
      }
    },
    {
      name: options.name ?? READ_PAGE_TOOL_NAME,
      description: options.description ?? READ_PAGE_TOOL_DESCRIPTION,
      schema: readPageInputSchema,
      responseFormat: 'content_and_artifact',
    },
  );
}
