import {
  type PageReader,
  pageModelText,
  READ_PAGE_TOOL_DESCRIPTION,
  READ_PAGE_TOOL_NAME,
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
  | { url: string; title: string; text: string; truncated: boolean }
  | { error: string };

export const readPageInputSchema = z.object({
  url: z.string().trim().min(1).max(2_048).describe('The page address: https://…'),
});

/**
 * `read_page` as a LangChain tool: the model gets the page's title, address and text (the ToolMessage's
 * `content`), the program the page (its `artifact`). A page the reader refuses answers with the reader's
 * sentence, so the agent loop goes on and the model can say why.
 */
export function readPageTool(options: ReadPageToolOptions) {
  const maxChars = options.maxChars ?? 8_000;
  return tool(
    async ({ url }, config): Promise<[string, ReadPageArtifact]> => {
      try {
        const page = await options.read(url, {
          maxChars,
          ...(config?.signal ? { signal: config.signal } : {}),
        });
        return [
          pageModelText(page),
          { url: page.finalUrl, title: page.title, text: page.text, truncated: page.truncated },
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
