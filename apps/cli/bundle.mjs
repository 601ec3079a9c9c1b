// `pnpm run build`'s second step: the `agent-search` command as one bundle (bundle/), so a search links a few
// ES modules instead of one per source file: Node resolves, loads and links each module separately, and that
// was most of the command's start-up (docs/cli.md). The bundle inlines this package and every @agent-search/*
// package it reaches, all of them: an inlined core beside an external one would split `instanceof` checks and
// module-level state. Every other package stays external, resolved from this package's dependencies as usual
// (they are declared here for that), and each dynamic import stays a lazy chunk. The library entry
// (`@agent-search/cli`, dist/) is not bundled. Modules read `../package.json` beside themselves: from
// bundle/, that is this package's.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { rolldown } from 'rolldown';

const here = dirname(new URL(import.meta.url).pathname);
const out = join(here, 'bundle');
// The page reader runs its extraction in a worker thread, started from `./extract-worker.js` beside the
// module that starts it: the worker is an entry of its own, written beside the chunks.
const reader = dirname(createRequire(join(here, 'package.json')).resolve('@agent-search/reader'));

rmSync(out, { recursive: true, force: true });
const build = await rolldown({
  input: { bin: join(here, 'dist/bin.js'), 'extract-worker': join(reader, 'extract-worker.js') },
  platform: 'node',
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('@agent-search/'),
  logLevel: 'warn',
});
await build.write({
  dir: out,
  format: 'esm',
  entryFileNames: '[name].js',
  chunkFileNames: '[name]-[hash].js',
  // Core's read_page contract is in core's views, which `--json` loads, but only the MCP server uses it:
  // rolldown put it in the MCP server's chunk, and the views chunk then loaded that chunk (with the MCP SDK,
  // ioredis and the memory) to run it. A chunk of its own (it imports nothing) keeps the MCP server lazy;
  // test/bundle.test.ts checks what a search loads.
  codeSplitting: {
    groups: [{ name: 'read-page-tool', test: /\/packages\/core\/dist\/views\/read-page-tool\.js$/ }],
  },
});
await build.close();
