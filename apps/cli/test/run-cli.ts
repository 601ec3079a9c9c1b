import type { Env } from '@agent-search/core';
import { main } from '../src/main.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A stream that keeps what is written to it. */
function capture(isTTY = false) {
  const chunks: string[] = [];
  return { chunks, isTTY, columns: 80, write: (chunk: string) => chunks.push(chunk) };
}

/**
 * Runs the command in-process with the real providers (msw answers at the network edge). The environment
 * is only what the test gives: nothing leaks in from the machine running the tests.
 */
export async function runCli(
  argv: string[],
  env: Env = {},
  options: { tty?: boolean; now?: number; signal?: AbortSignal } = {},
): Promise<CliRun> {
  const stdout = capture(options.tty);
  const stderr = capture(options.tty);
  const code = await main(argv, {
    env,
    stdout,
    stderr,
    ...(options.now === undefined ? {} : { now: () => options.now! }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { code, stdout: stdout.chunks.join(''), stderr: stderr.chunks.join('') };
}
