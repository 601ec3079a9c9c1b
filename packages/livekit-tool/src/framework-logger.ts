import { type Logger, silentLogger } from '@agent-search/core';
import { log } from '@livekit/agents';

/** The LiveKit Agents logger once the framework has initialized it, otherwise a silent one. */
export function frameworkLogger(): Logger {
  try {
    return log();
  } catch {
    return silentLogger;
  }
}

/** An error in a few words for a log line: its class and message, never a stack. */
export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
