#!/usr/bin/env node
import './check-node.ts';
import { writeSync } from 'node:fs';
import module from 'node:module';

// Node keeps the compiled code of the command's modules on disk, so later runs skip compiling them again.
module.enableCompileCache();

// Loaded after the check, so an older Node never gets as far as linking the command's modules.
// Upstream requests go over node:http (core's default while the global fetch is Node's own), so a search
// never loads fetch's client (undici, ~25 ms of start-up).
const { main } = await import('./main.ts');

// A reader that stops early (`agent-search x | head -1`, `| true`) closes the pipe: that is the reader's
// choice, not a failure worth a stack trace. End quietly with what the command would have returned.
// Any other write failure (`> /dev/full`: ENOSPC) is one sentence on stderr, if stderr still works.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
    if (stream === process.stdout) {
      try {
        writeSync(2, `agent-search: could not write the output (${error.code ?? 'write error'})\n`);
      } catch {}
    }
    process.exit(1);
  });
}

// Ctrl-C cancels the search in flight; main then reports it and returns 130.
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());

// `agent-search mcp [...]`: the MCP server, loaded only then (a search never loads the MCP SDK).
const mcp = process.argv[2] === 'mcp';
if (mcp) process.once('SIGTERM', () => controller.abort());
const { env, stdin, stdout, stderr } = process;
const code = mcp
  ? await (await import('@agent-search/mcp')).runMcpServer(process.argv.slice(3), {
      env,
      stdin,
      stdout,
      stderr,
      signal: controller.signal,
      program: 'agent-search mcp',
    })
  : await main(process.argv.slice(2), { env, stdout, stderr, signal: controller.signal });

/** Resolves once everything written to `stream` so far has been handed to the OS. */
const flushed = (stream: NodeJS.WriteStream) =>
  new Promise<void>((resolve) => {
    // A write that failed says so a tick later (its 'error' handler above ends the process): wait for
    // that tick, and make no empty write when nothing is pending (`> /dev/full` would fail even that).
    setImmediate(() => {
      if (stream.destroyed || !stream.writable || stream.writableLength === 0) resolve();
      else stream.write('', () => resolve());
    });
  });

// The answer is out: end now rather than when an abandoned upstream (a hung provider, a keep-alive
// socket, a body still dripping) lets go of the event loop, which can take minutes.
process.exitCode = code;
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(code);
