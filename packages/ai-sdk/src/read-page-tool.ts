import { type ReadPageToolOutput, readPageTool as readPageLayerTool } from '@agent-search/core/tool';
import type { PageReader } from '@agent-search/core/views';
import type { Tool } from 'ai';
import { type AiSdkToolOptions, aiSdkTool } from './layer-tool.ts';

export type { ReadPageToolOutput };

export interface ReadPageToolOptions extends AiSdkToolOptions {
  /** `readPage` from `@agent-search/reader` (or the same behind `withPageCache`). */
  read: PageReader;
  /** Longest text handed to the model, cut on a paragraph boundary. Default 8,000 characters. */
  maxChars?: number;
}

/**
 * `read_page` for the AI SDK: `tools: { read_page: readPageTool({ read: readPage }) }`, core's layer tool
 * through the generic adapter. The program gets `ReadPageToolOutput`; the model gets the title, the address
 * and the text. A page the reader refuses (a private address, robots.txt, a PDF, no content) is the tool's
 * error holding the reader's sentence, which the SDK hands the model.
 */
export function readPageTool(
  options: ReadPageToolOptions,
): Tool<Record<string, unknown>, ReadPageToolOutput> {
  const { read, maxChars, ...adapter } = options;
  const layerTool = readPageLayerTool({
    read,
    ...(maxChars === undefined ? {} : { maxChars }),
    ...(adapter.description === undefined ? {} : { description: adapter.description }),
  });
  return aiSdkTool(layerTool, adapter) as Tool<Record<string, unknown>, ReadPageToolOutput>;
}
