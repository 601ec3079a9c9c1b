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

/**
 * The framework's logger, looked up on each line: a tool is often made before the framework initializes its
 * logger, and its lines should still reach it.
 */
export const liveKitLogger: Logger = {
  debug: (obj, msg) => frameworkLogger().debug(obj, msg),
  info: (obj, msg) => frameworkLogger().info(obj, msg),
  warn: (obj, msg) => frameworkLogger().warn(obj, msg),
  error: (obj, msg) => frameworkLogger().error(obj, msg),
};
