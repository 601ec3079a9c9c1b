import {
  type ReadPageFailure,
  type ReadPageToolOutput,
  readPageTool as readPageLayerTool,
} from '@agent-search/core/tool';
import type { PageReader } from '@agent-search/core/views';
import { type LangChainToolOptions, langChainTool } from './layer-tool.ts';

export interface ReadPageToolOptions extends LangChainToolOptions {
  /** `readPage` from `@agent-search/reader` (or the same behind `withPageCache`). */
  read: PageReader;
  /** Longest text handed to the model, cut on a paragraph boundary. Default 8,000 characters. */
  maxChars?: number;
}

/** The artifact: the page as read, or the sentence the model got when it could not be, with its code. */
export type ReadPageArtifact = ReadPageToolOutput | ReadPageFailure;

/**
 * `read_page` as a LangChain tool: core's layer tool through the generic adapter. The model gets the
 * page's title, address and text (the ToolMessage's `content`), the program the page (its `artifact`). A
 * page the reader refuses answers with the reader's sentence, so the agent loop goes on and the model can
 * say why.
 */
export function readPageTool(options: ReadPageToolOptions) {
  const { read, maxChars, ...adapter } = options;
  return langChainTool(readPageLayerTool({ read, ...(maxChars === undefined ? {} : { maxChars }) }), adapter);
}
