import type { Logger } from '@agent-search/core';
import {
  createSearchInternetTool,
  type ProvenanceCollector,
  SEARCH_TOOL_NAME,
} from '@agent-search/livekit-tool';
import { createReadPageTool, READ_PAGE_TOOL_NAME } from '@agent-search/livekit-tool/reader';
import { voice } from '@livekit/agents';
import { buildInstructions, type PromptFile } from './prompt.ts';
import type { SearchSetup } from './search.ts';

export interface AssistantOptions {
  prompt: PromptFile;
  search: SearchSetup;
  logger?: Logger;
  /** Receives the sources of every search (main.ts publishes them after each reply). */
  provenance?: ProvenanceCollector;
}

/**
 * The voice agent: the prompt's persona, plus `search_internet` and `read_page` (through the same cache)
 * when a search client is usable.
 */
export function createAssistant({ prompt, search, logger, provenance }: AssistantOptions): voice.Agent {
  const searchEnabled = search.enabled && search.client !== undefined;
  const instructions = buildInstructions(prompt, { searchEnabled });
  if (!searchEnabled || !search.client) return new voice.Agent({ instructions });
  const searchTool = createSearchInternetTool({
    client: search.client,
    ...(logger ? { setup: { logger } } : {}),
    ...(provenance ? { caller: { provenance } } : {}),
  });
  const readTool = createReadPageTool({
    ...(search.readPage ? { read: search.readPage } : {}),
    ...(logger ? { logger } : {}),
  });
  return new voice.Agent({
    instructions,
    tools: { [SEARCH_TOOL_NAME]: searchTool, [READ_PAGE_TOOL_NAME]: readTool },
  });
}
