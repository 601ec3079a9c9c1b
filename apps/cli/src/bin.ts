#!/usr/bin/env node
import { main } from './main.ts';

// Ctrl-C cancels the search in flight; main then reports it and returns 130.
const controller = new AbortController();
process.once('SIGINT', () => controller.abort());

process.exitCode = await main(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: controller.signal,
});
