import { type Env, type Logger, redactSecrets, SearchConfigError } from '@agent-search/core';
import { pino } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * JSON log lines on stderr (stdout carries the stdio protocol), level from LOG_LEVEL (default warn),
 * with every secret blanked out.
 */
export function createServerLogger(
  env: Env,
  stderr: { write(chunk: string): unknown },
  secrets: readonly string[],
): Logger {
  const level = env.LOG_LEVEL?.trim().toLowerCase() || 'warn';
  if (!LEVELS.includes(level)) {
    throw new SearchConfigError(
      'LOG_LEVEL',
      `expected one of ${LEVELS.join(', ')}, got "${level.slice(0, 40)}"`,
    );
  }
  return pino(
    { level, base: { name: 'agent-search-mcp' } },
    { write: (line: string) => stderr.write(redactSecrets(line, secrets)) },
  );
}
