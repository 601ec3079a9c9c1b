#!/usr/bin/env node
import { runMcpServer } from './main.ts';

// SIGTERM (a service manager) and SIGINT (Ctrl-C) end the server gracefully: searches in flight finish
// or are aborted within AGENT_SEARCH_MCP_SHUTDOWN_MS.
const controller = new AbortController();
process.once('SIGTERM', () => controller.abort());
process.once('SIGINT', () => controller.abort());

const code = await runMcpServer(process.argv.slice(2), {
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: controller.signal,
});
// Done: let the last answers reach the client, then end even if an abandoned upstream socket lingers.
const flushed = (stream: NodeJS.WriteStream) =>
  new Promise<void>((resolve) => {
    if (stream.destroyed || !stream.writable) resolve();
    else stream.write('', () => resolve());
  });
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(code);
