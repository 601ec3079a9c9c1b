import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type Logger,
  type ProfileSet,
  type SearchClient,
  SearchConfigError,
  TOOL_SETS_VARIABLE,
  type ToolSet,
} from '@agent-search/core';
import type { LayerTool } from '@agent-search/core/tool';
import type { PageReader } from '@agent-search/core/views';

/** What the server uses of `@agent-search/legal-cn`, an optional peer: typed here, so the build needs none. */
interface LegalCnModule {
  withLegalProfiles(): ProfileSet;
  legalTools(options: {
    client: SearchClient;
    logger?: Logger;
    readPage?: (url: string, options?: { signal?: AbortSignal }) => Promise<{ text: string }>;
  }): LayerTool[];
}

const LEGAL_CN = '@agent-search/legal-cn';

/**
 * Imports `@agent-search/legal-cn` only when SEARCH_MCP_TOOLS asks for it: from the server's own install
 * (installed beside it), else from the directory the server runs in (an `npx` server whose project has it).
 */
async function importLegalCn(cwd: string): Promise<LegalCnModule> {
  // A variable specifier: no bundler or type check follows it, so the server builds without the package.
  const specifier: string = LEGAL_CN;
  try {
    return (await import(specifier)) as LegalCnModule;
  } catch {
    try {
      const resolved = createRequire(join(cwd, 'package.json')).resolve(specifier);
      return (await import(pathToFileURL(resolved).href)) as LegalCnModule;
    } catch {
      throw new SearchConfigError(
        TOOL_SETS_VARIABLE,
        `"legal" needs ${LEGAL_CN} installed beside @agent-search/mcp (npm install ${LEGAL_CN})`,
      );
    }
  }
}

/** The tool sets a server offers beside web_search and read_page: their profiles, and their tools once the client exists. */
export interface LoadedToolSets {
  /** Profiles the search client needs for these tools (the legal sites). */
  profiles: ProfileSet | undefined;
  tools(options: { client: SearchClient; readPage: PageReader; logger: Logger }): LayerTool[];
}

export async function loadToolSets(sets: readonly ToolSet[], cwd = process.cwd()): Promise<LoadedToolSets> {
  if (!sets.includes('legal')) return { profiles: undefined, tools: () => [] };
  const legal = await importLegalCn(cwd);
  return {
    profiles: legal.withLegalProfiles(),
    tools: ({ client, readPage, logger }) =>
      legal.legalTools({ client, logger, readPage: (url, options) => readPage(url, options ?? {}) }),
  };
}
