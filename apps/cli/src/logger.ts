import { type Env, readChoice } from '@agent-search/core';
import { pino } from 'pino';

export interface LogStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
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
 */
export function createCliLogger(
  env: Env,
  stream: LogStream,
  defaultLevel: (typeof LEVELS)[number] = 'error',
) {
  const level = readChoice(env, 'LOG_LEVEL', LEVELS, defaultLevel);
  const readable = stream.isTTY === true;
  const destination = {
    write(line: string) {
      stream.write(readable ? readableLine(line) : line);
    },
  };
  return pino({ level, base: { name: 'agent-search' } }, destination);
}
