import { type Env, SearchConfigError } from '@agent-search/core';
import { readMemorySettings } from '@agent-search/memory/env';

/** The variable naming the user a stdio server answers (its process has one client: one user). */
export const SEARCH_USER_ENV = 'SEARCH_USER_ID';

// What a user id may be: it becomes a rate-limit key and the id `forgetUser` takes, so it is short and
// printable. Letters, digits and `_ - . : @` cover ids, e-mail addresses and "namespace:id".
const USER_ID = /^[\w.:@-]{1,128}$/;

/**
 * Who a stdio server answers, as the client id its tools see (the search's user is `mcp:<client id>`):
 * SEARCH_USER_ID when set; else the bot's own id (`stdio:<SEARCH_MEMORY_BOT_ID>`), so two bots' servers on
 * one Redis never share a user; else `stdio`. A malformed SEARCH_USER_ID is a `SearchConfigError`.
 */
export function stdioClientId(env: Env): string {
  const user = env[SEARCH_USER_ENV]?.trim();
  if (user) {
    if (!USER_ID.test(user)) {
      throw new SearchConfigError(
        SEARCH_USER_ENV,
        'must be 1-128 letters, digits, "_", "-", ".", ":" or "@" (it is the user searches are counted and forgotten by)',
      );
    }
    return user;
  }
  const bot = readMemorySettings(env)?.botId;
  return bot ? `stdio:${bot}` : 'stdio';
}
