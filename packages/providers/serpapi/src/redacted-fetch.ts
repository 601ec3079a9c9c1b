import { redactSecrets } from '@agent-search/core';

const CAUSE_DEPTH = 5;

function holds(error: unknown, secrets: readonly string[], depth = 0): boolean {
  if (depth >= CAUSE_DEPTH || error === null || error === undefined) return false;
  if (typeof error === 'string') return secrets.some((s) => error.includes(s));
  if (!(error instanceof Error)) return false;
  const text = `${error.message}\n${error.stack ?? ''}`;
  return secrets.some((s) => text.includes(s)) || holds(error.cause, secrets, depth + 1);
}

/**
 * A copy of `error` and its causes with the secrets cut out of messages and stacks, `name` and `code` kept
 * (they classify network failures); causes that are neither errors nor strings, or too deep, are dropped.
 */
function redacted(error: unknown, secrets: readonly string[], depth = 0): unknown {
  if (typeof error === 'string') return redactSecrets(error, secrets);
  if (!(error instanceof Error) || depth >= CAUSE_DEPTH) return undefined;
  const copy = new Error(redactSecrets(error.message, secrets));
  copy.name = error.name;
  copy.stack = redactSecrets(error.stack ?? '', secrets);
  const { code } = error as { code?: unknown };
  if (typeof code === 'string') Object.assign(copy, { code });
  if (error.cause !== undefined) copy.cause = redacted(error.cause, secrets, depth + 1);
  return copy;
}

/**
 * `fetch` (the given one, else the global one at call time) whose failures cannot carry the key: SerpApi
 * takes it in the URL, and some fetch implementations and proxies put the URL in their error messages
 * ("request to https://serpapi.com/search?…&api_key=… failed"). Errors without the key pass unchanged.
 */
export function redactedFetch(fetchImpl: typeof fetch | undefined, secrets: readonly string[]): typeof fetch {
  return async (input, init) => {
    try {
      return await (fetchImpl ?? globalThis.fetch)(input, init);
    } catch (error) {
      throw holds(error, secrets) ? redacted(error, secrets) : error;
    }
  };
}
