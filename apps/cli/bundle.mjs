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
  // Core's views in one chunk of their own: left to itself, rolldown puts the views only the MCP server uses
  // in the MCP server's chunk, and the views chunk (`--json`, `--format`) then loads that chunk for its
  // effects, with the MCP SDK, ioredis and the memory.
  codeSplitting: { groups: [{ name: 'views', test: /\/packages\/core\/dist\/views\// }] },
});
await build.close();
