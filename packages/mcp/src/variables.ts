import type { AppVariables } from '@agent-search/cache/stack';
import { readChoice, readToolSets, TOOL_SETS_VARIABLE } from '@agent-search/core';
import { WEB_SEARCH_FORMATS } from '@agent-search/core/tool';
import { readMemorySettings, SEARCH_MEMORY_ENV } from '@agent-search/memory/env';
import { SEARCH_USER_ENV, stdioClientId } from './caller-identity.ts';

/** The server's own variables (docs/mcp.md). */
export const MCP_ENV = {
  token: 'AGENT_SEARCH_MCP_TOKEN',
  allowedOrigins: 'AGENT_SEARCH_MCP_ALLOWED_ORIGINS',
  allowedHosts: 'AGENT_SEARCH_MCP_ALLOWED_HOSTS',
  shutdownMs: 'AGENT_SEARCH_MCP_SHUTDOWN_MS',
  format: 'AGENT_SEARCH_MCP_FORMAT',
} as const;

/** The tool's answer format (AGENT_SEARCH_MCP_FORMAT). */
export function readToolFormat(env: Record<string, string | undefined>) {
  return readChoice(env, MCP_ENV.format, WEB_SEARCH_FORMATS, 'model');
}

/**
 * What the server reads besides the search stack, checked with the stack's at start-up
 * (`checkSearchEnv`): its own variables, who it answers over stdio, its search memory and its log level.
 * AGENT_SEARCH_MCP_SHUTDOWN_MS and LOG_LEVEL are read (and checked) where they are used, before the stack.
 */
export const MCP_VARIABLES: readonly AppVariables[] = [
  { names: [...Object.values(MCP_ENV), 'LOG_LEVEL'], read: readToolFormat },
  { names: [SEARCH_USER_ENV], read: stdioClientId },
  { names: [TOOL_SETS_VARIABLE], read: readToolSets },
  { names: Object.values(SEARCH_MEMORY_ENV), read: readMemorySettings },
];
