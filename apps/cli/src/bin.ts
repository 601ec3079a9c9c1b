#!/usr/bin/env node
import { main } from './main.ts';

// Ctrl-C cancels the search in flight; main then reports it and returns 130.
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());

// `agent-search mcp [...]`: the MCP server, loaded only then (a search never loads the MCP SDK).
if (process.argv[2] === 'mcp') {
  const { runMcpServer } = await import('@agent-search/mcp');
  process.once('SIGTERM', () => controller.abort());
  const { env, stdin, stdout, stderr } = process;
  process.exit(
    await runMcpServer(process.argv.slice(3), {
      env,
      stdin,
      stdout,
      stderr,
      signal: controller.signal,
      program: 'agent-search mcp',
    }),
  );
}

const code = await main(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: controller.signal,
});

/** Resolves once everything written to `stream` so far has been handed to the OS. */
const flushed = (stream: NodeJS.WriteStream) =>
  new Promise<void>((resolve) => {
    if (stream.destroyed || !stream.writable) resolve();
    else stream.write('', () => resolve());
  });

// The answer is out: end now rather than when an abandoned upstream (a hung provider, a keep-alive
// socket, a body still dripping) lets go of the event loop, which can take minutes.
process.exitCode = code;
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(code);
