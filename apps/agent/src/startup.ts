import { type AppVariables, checkSearchEnv, type SearchEnvCheck } from '@agent-search/cache/stack';
import type { Env } from '@agent-search/core';
import { PROVIDER_DEFINITIONS } from '@agent-search/registry';
import { webSearchEnabled } from './search.ts';

/**
 * What the agent reads besides the search stack: the search switch, its models (config.ts) and the
 * LiveKit connection the framework reads.
 */
export const AGENT_VARIABLES: readonly AppVariables[] = [
  { names: ['ENABLE_WEB_SEARCH'], read: webSearchEnabled },
  {
    names: ['STT_MODEL', 'LLM_MODEL', 'TTS_MODEL', 'LIVEKIT_URL', 'LIVEKIT_API_KEY', 'LIVEKIT_API_SECRET'],
  },
];

/**
 * The configuration check the worker runs before anything else, the same one the CLI and the MCP server
 * run (`checkSearchEnv`): any malformed variable the search stack or the agent reads stops it at start-up
 * (a worker answering every caller without search, or without its rate limit and cache, would hide the
 * mistake until someone notices); a variable that looks mistyped is a warning.
 */
export function checkStartup(env: Env): SearchEnvCheck {
  return checkSearchEnv(env, { definitions: PROVIDER_DEFINITIONS, app: AGENT_VARIABLES });
}
