import { createRequire } from 'node:module';
import { type Env, type Logger, readChoice } from '@agent-search/core';
import type * as Pino from 'pino';

const require = createRequire(import.meta.url);

export interface LogStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const RANKS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: 100,
};
const LEVEL_NAMES: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/**
 * "warn: DuckDuckGo failed (blocked); cooling down": a log line for a person at a terminal. It starts by
 * erasing the line, where the spinner may be drawing.
 */
function readableLine(line: string): string {
  try {
    const { level, msg } = JSON.parse(line) as { level?: number; msg?: string };
    return `\r\u001b[K${LEVEL_NAMES[level ?? 0] ?? 'log'}: ${msg ?? line.trim()}\n`;
  } catch {
    return line;
  }
}

/**
 * A pino logger writing to stderr (never stdout, which belongs to results): level from LOG_LEVEL, else
 * `defaultLevel`; JSON lines, or short readable lines when stderr is a terminal. Give it a redacting stream.
 * pino itself is loaded on the first line that is logged: most runs log nothing, and start faster without it.
 */
export function createCliLogger(
  env: Env,
  stream: LogStream,
  defaultLevel: (typeof LEVELS)[number] = 'error',
): Logger {
  const level = readChoice(env, 'LOG_LEVEL', LEVELS, defaultLevel);
  const readable = stream.isTTY === true;
  const destination = {
    write(line: string) {
      stream.write(readable ? readableLine(line) : line);
    },
  };
  let logger: Pino.Logger | undefined;
  const at =
    (method: keyof Logger) =>
    (obj: object, msg?: string): void => {
      if (RANKS[method]! < RANKS[level]!) return;
      logger ??= (require('pino') as typeof Pino).pino(
        { level, base: { name: 'agent-search' } },
        destination,
      );
      logger[method](obj, msg);
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
