import type { Logger } from '@agent-search/core';

/** One line a `RecordingLogger` kept, as pino would write it: its level, its fields and its message. */
export interface LoggedLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  msg?: string;
}

export interface RecordingLogger extends Logger {
  /** Every line logged, oldest first. */
  lines: LoggedLine[];
}

/** A logger that keeps every line, for tests that read what was logged. */
export function recordingLogger(): RecordingLogger {
  const lines: LoggedLine[] = [];
  const at = (level: LoggedLine['level']) => (fields: object, msg?: string) => {
    lines.push({ level, fields: fields as Record<string, unknown>, ...(msg === undefined ? {} : { msg }) });
  };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
