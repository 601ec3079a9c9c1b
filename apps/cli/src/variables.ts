import type { AppVariables } from '@agent-search/cache/stack';
import { readMemorySettings, SEARCH_MEMORY_ENV } from '@agent-search/memory/env';

/**
 * What the command reads besides the search stack: its search memory (SEARCH_MEMORY_*), its logs, colours
 * and the state directory it keeps provider health in. Checked with the stack's at start-up
 * (`checkSearchEnv`).
 */
export const CLI_VARIABLES: readonly AppVariables[] = [
  { names: Object.values(SEARCH_MEMORY_ENV), read: readMemorySettings },
  { names: ['LOG_LEVEL', 'NO_COLOR', 'TERM', 'AGENT_SEARCH_STATE_DIR', 'XDG_STATE_HOME', 'HOME'] },
];
