// `node scripts/consumer-check.mjs`: installs the packages as a stranger would, from their tarballs.
// Every public (non-private) workspace package is packed with `pnpm pack` (which applies `publishConfig`
// and replaces workspace:/catalog: ranges), checked for what a registry page and a consumer need, linted
// with publint and @arethetypeswrong/cli, then installed with plain npm into an empty folder, where it must:
// import as ESM, answer a search against a loopback DuckDuckGo-shaped server, load with CommonJS `require`,
// type-check with strict nodenext and `skipLibCheck: false`, and run `npx agent-search --version`.
// Then each install line the docs print, alone, in its own folder; there every docs snippet shown under that
// line (docs/snippets/, see doc-snippets.mjs) is type-checked the same way and run against the loopback
// provider simulator, and must print results the simulator served.
// Each type check runs with TypeScript 5.9 and 7; `--ts7-defaults` adds exactOptionalPropertyTypes and, under
// install lines without @types/node, a check without Node's types (see TS7_DEFAULTS below).
// Run it after `pnpm run build`. Every problem names the package and what is missing; exit 1 if any.
import './check-node.cjs';
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readDocSnippets } from './doc-snippets.mjs';
import { readInstallSteps } from './install-lines.mjs';
import { snippetEnv, snippetRoutes } from './snippet-routes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const started = performance.now();
const problems = [];
const problem = (pkg, what) => problems.push(`${pkg}: ${what}`);
const step = (what) =>
  process.stderr.write(`consumer-check: ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);

/** Runs a command; resolves with its output and exit code, never rejects on a non-zero exit. */
function run(file, args, options = {}) {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 180_000, ...options },
      (error, stdout, stderr) => {
        if (!error) resolve({ code: 0, stdout, stderr });
        else if (typeof error.code === 'number') resolve({ code: error.code, stdout, stderr });
        else resolve({ code: 1, stdout, stderr: `${stderr}\n${error.killed ? 'timed out' : error.message}` });
      },
    );
  });
}

const clip = (text) => text.trim().split('\n').slice(-25).join('\n    ');
const npmEnv = { ...process.env, npm_config_update_notifier: 'false' };
// Consumers on either TypeScript line: 5.9 (the `typescript` dev dependency) and 7 (`typescript-7`, native).
const tscPath = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const tsc7Path = join(root, 'node_modules', 'typescript-7', 'bin', 'tsc');

// A strict nodenext consumer that checks every declaration file it reaches, with the options TypeScript 7's
// `tsc --init` turns on (exactOptionalPropertyTypes); with `emit`, it writes the JavaScript to out/ (the
// snippets run from there). `node: false` is a consumer without Node's types: TypeScript 6 and 7 no longer
// include `@types/*` by default, and a Worker, Deno or browser project has none.
// `--ts7-defaults` turns on exactOptionalPropertyTypes and the checks without Node's types: not yet the
// default, as they still fail (core's node-transport.d.ts imports node:http; snippets read `process.env`
// under install lines without @types/node; @langchain/core's and livekit-client's own declarations fail
// exactOptionalPropertyTypes).
const TS7_DEFAULTS = process.argv.includes('--ts7-defaults');
const strictTsconfig = (files, { emit = false, node = true } = {}) =>
  `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2023',
        // The AI SDK's and the MCP SDK's declarations (peers of our adapters) name fetch's DOM types
        // (HeadersInit, RequestCredentials, FileList), as their docs require: their users have the DOM lib.
        lib: ['ES2023', 'DOM'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        ...(TS7_DEFAULTS ? { exactOptionalPropertyTypes: true } : {}),
        skipLibCheck: false,
        ...(emit ? { outDir: 'out', rootDir: '.' } : { noEmit: true }),
        types: node ? ['node'] : [],
      },
      files,
    },
    null,
    2,
  )}\n`;

/**
 * Type-checks `files` in `folder` with TypeScript 5.9 (`compiler`; its JavaScript emitted with `emit`) and
 * TypeScript 7, each with Node's types and, with `withoutNode`, again without them: up to 4 tsc programs
 * over one install, at once.
 */
async function typeCheck(folder, files, { compiler, prefix, emit = false, withoutNode = false }) {
  writeFileSync(join(folder, 'tsconfig.json'), strictTsconfig(files, { emit }));
  const runs = [
    [`${prefix}`, run(process.execPath, [compiler, '-p', 'tsconfig.json'], { cwd: folder })],
    [
      `${prefix}TypeScript 7: `,
      run(process.execPath, [tsc7Path, '-p', 'tsconfig.json', '--noEmit'], { cwd: folder }),
    ],
  ];
  if (withoutNode) {
    writeFileSync(join(folder, 'tsconfig.no-node.json'), strictTsconfig(files, { node: false }));
    runs.push(
      [
        `${prefix}without @types/node: `,
        run(process.execPath, [compiler, '-p', 'tsconfig.no-node.json'], { cwd: folder }),
      ],
      [
        `${prefix}TypeScript 7 without @types/node: `,
        run(process.execPath, [tsc7Path, '-p', 'tsconfig.no-node.json'], { cwd: folder }),
      ],
    );
  }
  let ok = true;
  for (const [label, pending] of runs) {
    const result = await pending;
    tscProblems(result, label);
    ok &&= result.code === 0;
  }
  return ok;
}

/** tsc's errors as problems, each naming the package whose declarations fail (tsc prints node_modules paths). */
function tscProblems(tsc, prefix = '') {
  if (tsc.code === 0) return;
  for (const line of tsc.stdout
    .split('\n')
    .filter((l) => l.includes('error TS'))
    .slice(0, 20)) {
    const owner =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(line)?.[1] ??
      /^(docs\/snippets\/\S+?\.[mc]?ts)\(/.exec(line)?.[1] ??
      'consumer.ts';
    problems.push(
      `${prefix}${owner}: tsc (strict, exactOptionalPropertyTypes, nodenext, skipLibCheck false): ${line.trim()}`,
    );
  }
  if (!tsc.stdout.includes('error TS'))
    problems.push(`${prefix}tsc failed:\n    ${clip(tsc.stdout + tsc.stderr)}`);
}

// ---- discover: every workspace package that is not private ----
const listing = await run('pnpm', ['ls', '-r', '--depth', '-1', '--json'], { cwd: root });
if (listing.code !== 0) {
  process.stderr.write(`consumer-check: pnpm ls failed:\n${listing.stderr}`);
  process.exit(1);
}
const packages = JSON.parse(listing.stdout)
  .filter((p) => p.path !== root.replace(/\/$/, ''))
  .map((p) => ({ dir: p.path, manifest: JSON.parse(readFileSync(join(p.path, 'package.json'), 'utf8')) }))
  .filter((p) => p.manifest.private !== true)
  .map((p) => ({ ...p, name: p.manifest.name }));
step(`${packages.length} public packages: ${packages.map((p) => p.name).join(', ')}`);

const work = mkdtempSync(join(tmpdir(), 'agent-search-consumer-'));
const tarballs = join(work, 'tarballs');
mkdirSync(tarballs);

// ---- the workspace manifest: what `pnpm pack` cannot fix by itself ----
for (const { name, dir, manifest } of packages) {
  for (const file of ['LICENSE', 'README.md']) {
    if (!existsSync(join(dir, file)))
      problem(name, `no ${file} in ${relative(root, dir)}/ (npm packs it from there)`);
  }
  if (manifest.license !== 'MIT')
    problem(name, `package.json "license" should be "MIT", is ${manifest.license}`);
  if (!manifest.engines?.node) problem(name, 'package.json has no "engines": { "node": ">=22.12" }');
  if (!Array.isArray(manifest.files)) problem(name, 'package.json has no "files" (e.g. ["dist"])');
  if (!manifest.publishConfig?.exports) {
    problem(name, 'package.json has no "publishConfig.exports" (the exports without the "source" condition)');
  }
  if (manifest.publishConfig?.access !== 'public') {
    problem(
      name,
      'package.json needs "publishConfig": { "access": "public" } (a scoped package is private otherwise)',
    );
  }
}

// ---- pack ----
// One `pnpm -r pack` for every public package (one pnpm process, not one per package: each costs seconds to
// start). Without `prepack` (each package's build): this check runs after `pnpm run build`, and 21 builds
// at once would rewrite declarations other packages' builds are reading.
const packing = await run(
  'pnpm',
  [
    '-r',
    ...packages.flatMap((pkg) => ['--filter', pkg.name]),
    '--workspace-concurrency=4',
    'pack',
    '--pack-destination',
    tarballs,
    '--json',
  ],
  { cwd: root, env: { ...process.env, npm_config_ignore_scripts: 'true' } },
);
const tarballOf = new Map();
try {
  const listed = JSON.parse(packing.stdout);
  for (const entry of Array.isArray(listed) ? listed : [listed]) tarballOf.set(entry.name, entry.filename);
} catch {
  problems.push(`pnpm pack failed:\n    ${clip(packing.stderr || packing.stdout)}`);
}
const packed = packages.map((pkg) => {
  const tarball = tarballOf.get(pkg.name);
  if (tarball && existsSync(tarball)) return { ...pkg, tarball };
  if (tarballOf.size > 0) problem(pkg.name, 'pnpm pack made no tarball for it');
  return undefined;
});
const tarred = packed.filter((p) => p !== undefined);
step('packed');

// ---- what each entry's declarations import, against what the package declares ----
const BUILTINS = new Set(builtinModules);
/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
// import … from 'x', export … from 'x', import('x'), import 'x', /// <reference types="x" />
const IMPORTS = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|<reference\s+types=)["']([^"'\n]{1,200})["']/g;

/**
 * Every package an entry's declaration files import, followed through their relative imports, must be one
 * a user of that entry has: a dependency or a required peer, or, from an entry other than the main one
 * (which exists to need it), an optional peer. Otherwise a strict TypeScript user who did not install it gets
 * TS2307 (TS7016 for a package without types). Checked on the tarball, for every entry at once.
 */
function declarationProblems(name, base, manifest) {
  const required = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}).filter(
      (peer) => !manifest.peerDependenciesMeta?.[peer]?.optional,
    ),
  ]);
  const optional = new Set(Object.keys(manifest.peerDependenciesMeta ?? {}));
  for (const [entry, conditions] of Object.entries(manifest.exports ?? {})) {
    const types = targets(conditions).find(({ path }) => path.includes('types'))?.target;
    if (!types) continue;
    const seen = new Set();
    const queue = [join(base, types)];
    while (queue.length > 0) {
      const file = queue.pop();
      if (seen.has(file) || !existsSync(file)) continue;
      seen.add(file);
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORTS)) {
        if (specifier.startsWith('.')) {
          queue.push(join(file, '..', specifier.replace(/\.js$/, '.d.ts')));
          continue;
        }
        const dep = packageOf(specifier.replace(/^node:/, ''));
        if (specifier.startsWith('node:') || BUILTINS.has(dep) || dep === name || required.has(dep)) continue;
        if (optional.has(dep) && entry !== '.') continue;
        problem(
          name,
          `${relative(base, file)} (entry "${entry}") imports ${specifier}, which ${
            optional.has(dep)
              ? 'is an optional peer: the main entry must not need it'
              : 'is not a dependency or a required peer'
          }`,
        );
      }
    }
  }
}

// ---- the tarball's contents and manifest ----
/** Every string reached in an exports/bin value, with the conditions leading to it. */
function targets(value, path = []) {
  if (typeof value === 'string') return [{ path, target: value }];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => targets(inner, [...path, key]));
  }
  return [];
}

for (const pkg of tarred) {
  const unpacked = join(work, 'unpacked', pkg.name.replace('/', '+'));
  mkdirSync(unpacked, { recursive: true });
  const untar = await run('tar', ['-xzf', pkg.tarball, '-C', unpacked]);
  if (untar.code !== 0) {
    problem(pkg.name, `cannot unpack ${pkg.tarball}: ${untar.stderr.trim()}`);
    continue;
  }
  const base = join(unpacked, 'package');
  const shipped = (file) => existsSync(join(base, file));
  const manifest = JSON.parse(readFileSync(join(base, 'package.json'), 'utf8'));
  for (const file of ['LICENSE', 'README.md']) {
    if (!shipped(file)) problem(pkg.name, `the tarball has no ${file}`);
  }
  for (const { path, target } of targets(manifest.exports ?? {})) {
    if (path.includes('source'))
      problem(pkg.name, `the published "exports" still has the "source" condition (${path.join(' > ')})`);
    else if (!shipped(target))
      problem(
        pkg.name,
        `exports ${path.join(' > ')} points at ${target}, which the tarball does not ship (build first?)`,
      );
  }
  for (const entry of Object.keys(manifest.exports ?? {})) {
    if (!targets(manifest.exports[entry]).some(({ path }) => path.includes('types'))) {
      problem(pkg.name, `exports "${entry}" has no "types" condition`);
    }
  }
  const bins = typeof manifest.bin === 'string' ? { [manifest.name]: manifest.bin } : (manifest.bin ?? {});
  for (const [command, target] of Object.entries(bins)) {
    if (!shipped(target))
      problem(pkg.name, `bin "${command}" points at ${target}, which the tarball does not ship`);
    else if (!readFileSync(join(base, target), 'utf8').startsWith('#!/usr/bin/env node')) {
      problem(pkg.name, `bin "${command}" (${target}) does not start with #!/usr/bin/env node`);
    }
  }
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [dep, range] of Object.entries(manifest[field] ?? {})) {
      if (/^(workspace|catalog):/.test(range))
        problem(pkg.name, `${field} ${dep} is still "${range}" in the tarball`);
    }
  }
  // Source maps (and declaration maps) must not point at files a consumer does not have.
  const files = (readdirSync(base, { recursive: true }) ?? []).map(String);
  for (const file of files.filter((f) => f.endsWith('.map'))) {
    const map = JSON.parse(readFileSync(join(base, file), 'utf8'));
    const missing = (map.sources ?? []).filter((s) => !existsSync(join(base, file, '..', s)));
    if (missing.length > 0) {
      problem(
        pkg.name,
        `${file} points at ${missing[0]}, which the tarball does not ship (stale build output?)`,
      );
    }
  }
  declarationProblems(pkg.name, base, manifest);
}
step('tarballs inspected');

// ---- a loopback DuckDuckGo HTML endpoint (the shape of html.duckduckgo.com/html/, titles not bolded) ----
const served = [];
// A query the endpoint answers with 429, for the adapters' failure path.
const RATE_LIMITED_QUERY = 'consumer check rate limited';
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    const query = new URLSearchParams(body).get('q') ?? '';
    served.push(query);
    if (query === RATE_LIMITED_QUERY) {
      response.writeHead(429, { 'content-type': 'text/plain' });
      response.end('Too Many Requests');
      return;
    }
    const results = [1, 2, 3].map(
      (
        n,
      ) => `<div class="result results_links results_links_deep web-result "><div class="links_main links_deep result__body">
<h2 class="result__title"><a rel="nofollow" class="result__a" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.org%2F${n}&amp;rut=x">Result ${n} about ${query.replace(/[<&>]/g, '')}</a></h2>
<div class="result__extras"><div class="result__extras__url"><a class="result__url" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.org%2F${n}">example.org/${n}</a></div></div>
<a class="result__snippet" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fexample.org%2F${n}">Snippet ${n} with <b>${query.replace(/[<&>]/g, '')}</b>.</a>
</div></div>`,
    );
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!DOCTYPE html><html><body><div id="links" class="results">${results.join('\n')}</div></body></html>`,
    );
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const htmlUrl = `http://127.0.0.1:${server.address().port}/html/`;

// ---- publint and @arethetypeswrong/cli on each tarball, while npm installs and the guides are checked ----
// Three tarballs at a time: 42 processes at once on a 2-core machine held the installs back for minutes.
const lintQueue = [...tarred];
const lints = Promise.all(
  Array.from({ length: 3 }, async () => {
    for (let pkg = lintQueue.shift(); pkg; pkg = lintQueue.shift()) await lint(pkg);
  }),
);
async function lint(pkg) {
  const [publint, attw] = await Promise.all([
    run(bin('publint'), ['run', pkg.tarball, '--level', 'warning', '--strict']),
    // ESM-only packages: the esm-only profile leaves out resolution modes an ESM-only package cannot serve.
    run(bin('attw'), [pkg.tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-emoji', '--no-color']),
  ]);
  if (publint.code !== 0) problem(pkg.name, `publint:\n    ${clip(publint.stdout + publint.stderr)}`);
  if (attw.code !== 0) problem(pkg.name, `@arethetypeswrong/cli:\n    ${clip(attw.stdout + attw.stderr)}`);
}

// ---- each install step the docs print, alone: only what it names, the newest versions its ranges allow ----
// A package whose declarations import something the guide does not install fails here (TS2307), and a peer
// range that leaves out what npm installs today fails npm's peer check. The adapters answer a tool call
// through the installed framework against the loopback endpoint.
const byName = new Map(tarred.map((p) => [p.name, p]));

/** The tarballs npm needs for `names`: each package and the workspace packages it depends on (not its peers). */
function tarballsFor(names) {
  const all = new Set();
  const add = (name) => {
    const pkg = byName.get(name);
    if (!pkg || all.has(name)) return;
    all.add(name);
    for (const dep of Object.keys(pkg.manifest.dependencies ?? {})) add(dep);
  };
  names.forEach(add);
  return [...all].map((name) => byName.get(name).tarball);
}

const PROBES = {
  // AI SDK: a model that calls web_search, then reads the tool result it was given; then a failing search.
  ai: (html) => `import { createSearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { webSearchTool } from '@agent-search/ai-sdk';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
const client = createSearchClient({ providers: [createDuckDuckGoProvider({ htmlBaseURL: ${JSON.stringify(html)}, textBackends: ['html'] })] });
const usage = { inputTokens: { total: 1, noCache: 1 }, outputTokens: { total: 1, text: 1 } };
async function call(query) {
  const prompts = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      prompts.push(options.prompt);
      const content = prompts.length === 1
        ? [{ type: 'tool-call', toolCallId: 'c1', toolName: 'web_search', input: JSON.stringify({ query }) }]
        : [{ type: 'text', text: 'done' }];
      return { content, finishReason: { unified: prompts.length === 1 ? 'tool-calls' : 'stop', raw: 'x' }, usage, warnings: [] };
    },
  });
  const result = await generateText({ model, tools: { web_search: webSearchTool({ client }) }, stopWhen: stepCountIs(2), prompt: 'q' });
  const part = prompts[1]?.find((m) => m.role === 'tool')?.content.find((p) => p.type === 'tool-result');
  return { result, output: part?.output };
}
const ok = await call('consumer check');
if (ok.result.steps[0]?.toolResults[0]?.output?.results?.length !== 3) console.log('the program did not get the 3 results: ' + JSON.stringify(ok.result.steps[0]?.toolResults).slice(0, 300));
if (ok.output?.type !== 'text' || !ok.output.value.includes('Result 1 about consumer check')) console.log('the model did not get the results view: ' + JSON.stringify(ok.output).slice(0, 300));
const failed = await call(${JSON.stringify(RATE_LIMITED_QUERY)});
if (failed.output?.type !== 'error-text' || failed.output.value !== 'rate limited') console.log('the model did not get the failure sentence "rate limited": ' + JSON.stringify(failed.output).slice(0, 300));
`,
  // LangChain: the tool call a model makes, answered as a ToolMessage with the results as its artifact.
  '@langchain/core': (html) => `import { createSearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { webSearchTool } from '@agent-search/langchain';
const client = createSearchClient({ providers: [createDuckDuckGoProvider({ htmlBaseURL: ${JSON.stringify(html)}, textBackends: ['html'] })] });
const message = await webSearchTool({ client }).invoke({ type: 'tool_call', id: 'c1', name: 'web_search', args: { query: 'consumer check' } });
if (message.artifact?.results?.length !== 3 || !String(message.content).includes('Result 1 about consumer check')) console.log('the ToolMessage is ' + JSON.stringify(message).slice(0, 300));
`,
};

async function checkInstallStep({ where, specs }, index) {
  const snippets = snippetsByStep.get(stepKey(specs)) ?? [];
  const label = `${where} (npm i ${specs.join(' ')}): `;
  const ours = specs.filter((s) => s.startsWith('@agent-search/'));
  const unknown = ours.filter((s) => !byName.has(s));
  if (unknown.length > 0) {
    problems.push(`${label}names ${unknown.join(', ')}, which no public workspace package is`);
    return;
  }
  const theirs = specs.filter((s) => !s.startsWith('@agent-search/'));
  const framework = theirs.some((s) => !/^(@types\/|typescript(@|$))/.test(s));
  // A TypeScript user has @types/node: the newest unless the guide says which.
  const types =
    !(framework || snippets.length > 0) || theirs.some((s) => /^@types\/node(@|$)/.test(s))
      ? []
      : ['@types/node'];
  const folder = join(work, 'guides', String(index));
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'package.json'),
    `${JSON.stringify({ name: 'guide', private: true, type: 'module' })}\n`,
  );
  const install = await run(
    'npm',
    // --prefer-offline: the full install just fetched the registry's metadata for the same packages.
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      '--prefer-offline',
      ...tarballsFor(ours),
      ...theirs,
      ...types,
    ],
    // Up to 7 minutes: a LiveKit install took 3 on this machine when other work shared its 2 cores.
    { cwd: folder, env: npmEnv, timeout: 420_000 },
  );
  if (install.code !== 0) {
    problems.push(`${label}npm install failed:\n    ${clip(install.stderr || install.stdout)}`);
    return;
  }
  // Every package it names loads with only what it installed (a dependency left undeclared fails here).
  const loads = await run(
    process.execPath,
    ['--input-type=module', '-e', ours.map((name) => `await import(${JSON.stringify(name)});`).join('\n')],
    { cwd: folder, timeout: 60_000 },
  );
  if (loads.code !== 0) problems.push(`${label}import failed:\n    ${clip(loads.stderr)}`);
  // The type check costs seconds per step: where the step adds a framework, whose declarations and peer
  // ranges meet ours, or the docs show snippets under it (one tsc run for both). Our own declarations'
  // imports are checked for every entry on the tarballs above.
  if (!framework && snippets.length === 0) return;
  const files = snippets.map((s) => s.file);
  for (const file of files) {
    mkdirSync(join(folder, file, '..'), { recursive: true });
    writeFileSync(join(folder, file), readFileSync(join(root, file)));
  }
  if (framework) {
    files.push('consumer.ts');
    writeFileSync(
      join(folder, 'consumer.ts'),
      ours.map((name, i) => `import * as entry${i} from '${name}';\nvoid entry${i};\n`).join(''),
    );
  }
  // The user's own TypeScript when the guide installs it. Without Node's types too where the guide does
  // not install them: what it installs must type-check as it is.
  const localTsc = join(folder, 'node_modules', 'typescript', 'bin', 'tsc');
  const typed = await typeCheck(folder, files, {
    compiler: existsSync(localTsc) ? localTsc : tscPath,
    prefix: label,
    emit: snippets.length > 0,
    withoutNode: TS7_DEFAULTS && types.length > 0,
  });
  if (!typed || snippets.length === 0) return;
  writeFileSync(join(folder, 'snippet-run.mjs'), readFileSync(join(root, 'scripts', 'snippet-run.mjs')));
  for (const snippet of snippets.filter((s) => !TYPE_CHECKED_ONLY.test(s.file)))
    await runSnippet(folder, snippet, label);
  const canSearch = ['@agent-search/core', '@agent-search/provider-duckduckgo'].every((n) =>
    ours.includes(n),
  );
  for (const [framework, probe] of Object.entries(PROBES)) {
    if (!canSearch || !theirs.some((s) => s === framework || s.startsWith(`${framework}@`))) continue;
    writeFileSync(join(folder, 'probe.mjs'), probe(htmlUrl));
    const result = await run(process.execPath, ['probe.mjs'], { cwd: folder, timeout: 60_000 });
    for (const line of result.stdout.split('\n').filter(Boolean))
      problems.push(`${label}${framework}: ${line}`);
    if (result.code !== 0) problems.push(`${label}${framework} probe crashed:\n    ${clip(result.stderr)}`);
  }
}

// Steps with third-party packages (the frameworks: the slow installs and type checks) first.
const stepKey = (specs) => [...specs].sort().join(' ');
const installSteps = [...new Map(readInstallSteps(root).map((s) => [stepKey(s.specs), s])).values()].sort(
  (a, b) =>
    b.specs.filter((s) => !s.startsWith('@agent-search/')).length -
    a.specs.filter((s) => !s.startsWith('@agent-search/')).length,
);

// ---- the docs' snippets: each under the install line printed above it, run against the simulator ----
const docSnippets = readDocSnippets(root);
problems.push(...docSnippets.problems);
const snippetsByStep = new Map();
for (const snippet of docSnippets.snippets.filter((s) => s.install)) {
  const key = stepKey(snippet.install.specs);
  snippetsByStep.set(key, [...(snippetsByStep.get(key) ?? []), snippet]);
}
// The provider simulator is TypeScript: Node strips its types (unflagged since 22.18, as in CI's Node 24).
const { startProviderSimulator, WEB_ENTRIES, NEWS_ENTRIES, VIDEO_ENTRIES } = await import(
  '../packages/testing/src/simulator/index.ts'
);
const { loadProviderKits } = await import('../packages/registry/src/testing.ts');
const kits = await loadProviderKits();
const simulator = await startProviderSimulator({ kits });
// Tavily asked for some sites only (a profile's, legal-cn's) answers with pages of those sites, as the real
// one does: the simulator's pages, moved to the first site asked for (core drops results off those sites).
simulator.configure('tavily', {
  respond: (request, healthy) => {
    const sites = request.json?.include_domains;
    if (!Array.isArray(sites) || typeof sites[0] !== 'string') return healthy;
    const body = JSON.parse(healthy.body);
    for (const result of body.results) result.url = `https://${sites[0]}${new URL(result.url).pathname}`;
    return { ...healthy, body: JSON.stringify(body) };
  },
});
// What a snippet that searched prints: an address (or its path, on another site as above) or a title the
// simulator served (a view may drop the site's name after " | " or " - " from a title); each long enough
// not to be printed by chance.
const servedTexts = [...WEB_ENTRIES, ...NEWS_ENTRIES, ...VIDEO_ENTRIES]
  .flatMap((e) => [e.url, new URL(e.url).pathname, e.title, e.title.split(/ [|–—-] /)[0]])
  .filter((text) => text.length >= 15);
const loopbackPreload = pathToFileURL(join(root, 'scripts', 'snippet-loopback.mjs')).href;
// The hosts snippet-loopback sends to the simulator, found from the providers themselves (snippet-routes.mjs).
const snippetRouteTable = JSON.stringify(await snippetRoutes(kits, simulator.origin));
// Snippets that are type-checked but not run: *.browser.ts (front-end code, it runs in a browser) and
// *.live.ts (it needs a live service: a web page, which the reader's address guard keeps off loopback, or a
// model vendor's API this check does not play).
const TYPE_CHECKED_ONLY = /\.(browser|live)\.ts$/;

/**
 * Whether a snippet searches: it creates a provider (a provider package, or the registry's from the
 * environment). One that does must print what the simulator served; one that does not (a memory fed by
 * hand) must only run.
 */
const searches = (file) =>
  /from '@agent-search\/(?:provider-[\w-]+|registry)'/.test(readFileSync(join(root, file), 'utf8'));

/**
 * Runs a type-checked snippet's JavaScript (out/…) through snippet-run.mjs (copied into the folder, so it
 * imports what the guide installed), with the network sent to the simulator.
 */
async function runSnippet(folder, { file, doc, line }, label) {
  const where = `${file} (shown at ${doc}:${line}) under ${label}`;
  const result = await run(
    process.execPath,
    ['--import', loopbackPreload, 'snippet-run.mjs', join('out', file.replace(/\.ts$/, '.js'))],
    {
      cwd: folder,
      timeout: 60_000,
      // Not this process's environment: no API key of the machine reaches a snippet.
      // AI_GATEWAY_API_KEY: the AI SDK asks for one before it calls the gateway, which snippet-loopback plays.
      env: {
        PATH: process.env.PATH,
        HOME: folder,
        AGENT_SEARCH_SNIPPET_UPSTREAM: simulator.origin,
        AGENT_SEARCH_SNIPPET_ROUTES: snippetRouteTable,
        AI_GATEWAY_API_KEY: 'docs-check',
        // Every provider's key variable (its kit's planted key), and a self-hosted one's base URL on the
        // simulator: each provider's requests reach the simulator (from the definitions: snippet-routes.mjs).
        ...snippetEnv(kits, simulator.origin),
        // What a LiveKit agent is run with (its session, which would connect, is not started).
        LIVEKIT_URL: 'ws://127.0.0.1:7880',
        LIVEKIT_API_KEY: 'docs-check',
        LIVEKIT_API_SECRET: 'docs-check-secret',
        // A server snippet listens on PORT when it is set: any free port here.
        PORT: '0',
      },
    },
  );
  for (const refused of result.stderr.split('\n').filter((l) => l.startsWith('snippet-loopback: refused')))
    problems.push(`${where}: ${refused.replace('snippet-loopback: ', '')}`);
  if (result.code !== 0) problems.push(`${where} exited with ${result.code}:\n    ${clip(result.stderr)}`);
  else if (searches(file) && !servedTexts.some((text) => result.stdout.includes(text)))
    problems.push(`${where} printed none of the results the simulator served:\n    ${clip(result.stdout)}`);
}

/** Two steps at a time; started once the full install has fetched fresh registry metadata. */
async function checkInstallSteps(steps = installSteps) {
  const queue = steps.map((s, i) => [s, i]);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const before = problems.length;
      await checkInstallStep(...next);
      // A step that passed is not needed for a look afterwards: free its disk now, not all at the end.
      if (problems.length === before)
        await rm(join(work, 'guides', String(next[1])), { recursive: true, force: true });
    }
  };
  await Promise.all([worker(), worker()]);
  const only = docSnippets.snippets.filter((s) => TYPE_CHECKED_ONLY.test(s.file)).length;
  step(
    `${steps.length} install steps from the docs checked, with the ${docSnippets.snippets.length} snippets shown under them (${only} type-checked only)`,
  );
}

// `--snippets`: only the install steps that docs snippets are shown under (for whoever edits them).
if (process.argv.includes('--snippets')) {
  await checkInstallSteps(installSteps.filter((s) => snippetsByStep.has(stepKey(s.specs))));
  finish();
}

// ---- install the tarballs with npm into an empty folder ----
const consumer = join(work, 'consumer');
mkdirSync(consumer);
writeFileSync(
  join(consumer, 'package.json'),
  `${JSON.stringify({ name: 'consumer', private: true, type: 'module' })}\n`,
);
const typesNode = JSON.parse(
  readFileSync(join(root, 'node_modules', '@types', 'node', 'package.json'), 'utf8'),
).version;
// @livekit/agents' own declarations import 'ws' and 'json-schema': a strict TypeScript consumer of LiveKit
// installs their types whether or not it uses our tool.
const consumerTypes = [`@types/node@${typesNode}`, '@types/ws@8', '@types/json-schema@7'];
const install = await run(
  'npm',
  [
    'install',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    ...tarred.map((p) => p.tarball),
    ...consumerTypes,
  ],
  { cwd: consumer, env: npmEnv, timeout: 420_000 },
);
step('npm install done');
if (install.code !== 0) {
  problems.push(`npm install of the tarballs failed:\n    ${clip(install.stderr || install.stdout)}`);
  finish();
}
const guides = checkInstallSteps();

// One copy of what must be shared: the tool's zod schema goes to @livekit/agents, whose zod must be the same.
for (const shared of ['zod', '@livekit/agents', '@agent-search/core']) {
  const copies = (readdirSync(join(consumer, 'node_modules'), { recursive: true }) ?? [])
    .map(String)
    .filter((f) => f === `${shared}/package.json` || f.endsWith(`/node_modules/${shared}/package.json`));
  if (copies.length > 1)
    problems.push(`npm installed ${copies.length} copies of ${shared}: ${copies.join(', ')}`);
}

// Every export entry of every package, as a consumer names it.
const entries = tarred.flatMap((pkg) =>
  Object.keys(pkg.manifest.publishConfig?.exports ?? pkg.manifest.exports ?? { '.': '' }).map((entry) => ({
    pkg: pkg.name,
    specifier: entry === '.' ? pkg.name : `${pkg.name}/${entry.replace(/^\.\//, '')}`,
  })),
);

// ---- ESM: import every entry, and search through core + DuckDuckGo ----
const hasSearch = ['@agent-search/core', '@agent-search/provider-duckduckgo'].every((n) =>
  tarred.some((p) => p.name === n),
);
writeFileSync(
  join(consumer, 'esm.mjs'),
  `const entries = ${JSON.stringify(entries)};
for (const { pkg, specifier } of entries) {
  try {
    const module = await import(specifier);
    if (Object.keys(module).length === 0) console.log(\`\${pkg}: import("\${specifier}") has no exports\`);
  } catch (error) {
    console.log(\`\${pkg}: import("\${specifier}") failed: \${error.message.split('\\n')[0]}\`);
  }
}
if (${hasSearch}) {
  const { createSearchClient } = await import('@agent-search/core');
  const { createDuckDuckGoProvider } = await import('@agent-search/provider-duckduckgo');
  const client = createSearchClient({
    providers: [createDuckDuckGoProvider({ htmlBaseURL: ${JSON.stringify(htmlUrl)}, textBackends: ['html'] })],
  });
  const { results } = await client.search({ query: 'consumer check' });
  if (results.length !== 3 || results[0].url !== 'https://example.org/1' || !results[0].title.includes('consumer check')) {
    console.log('@agent-search/provider-duckduckgo: the search answered ' + JSON.stringify(results).slice(0, 300));
  }
}
`,
);
// ---- CommonJS: require every entry (Node >= 22.12 loads ES modules without top-level await) ----
writeFileSync(
  join(consumer, 'cjs.cjs'),
  `for (const { pkg, specifier } of ${JSON.stringify(entries)}) {
  try {
    const module = require(specifier);
    if (Object.keys(module).length === 0) console.log(\`\${pkg}: require("\${specifier}") has no exports\`);
  } catch (error) {
    console.log(\`\${pkg}: require("\${specifier}") failed: \${error.message.split('\\n')[0]}\`);
  }
}
`,
);
// ---- TypeScript: a strict nodenext consumer that checks every declaration file it reaches ----
writeFileSync(
  join(consumer, 'consumer.ts'),
  entries.map(({ specifier }, i) => `import * as entry${i} from '${specifier}';\nvoid entry${i};\n`).join(''),
);

const cliPackage = tarred.find((p) => p.manifest.bin);
const [esm, cjs, , version] = await Promise.all([
  run(process.execPath, ['esm.mjs'], { cwd: consumer, timeout: 120_000 }),
  run(process.execPath, ['cjs.cjs'], { cwd: consumer, timeout: 120_000 }),
  typeCheck(consumer, ['consumer.ts'], { compiler: tscPath, prefix: '' }),
  cliPackage
    ? run('npx', ['--no-install', 'agent-search', '--version'], { cwd: consumer, timeout: 120_000 })
    : Promise.resolve(undefined),
]);
await guides;
await lints;
server.close();
await simulator.close();
for (const [what, result] of [
  ['ESM import', esm],
  ['CommonJS require', cjs],
]) {
  for (const line of result.stdout.split('\n').filter(Boolean)) problems.push(line);
  if (result.code !== 0) problems.push(`${what} crashed (exit ${result.code}):\n    ${clip(result.stderr)}`);
}
if (hasSearch && served.length === 0)
  problems.push('@agent-search/provider-duckduckgo: the search never reached the loopback server');
if (cliPackage) {
  if (version.code !== 0 || version.stdout.trim() !== cliPackage.manifest.version) {
    problems.push(
      `${cliPackage.name}: npx agent-search --version printed "${version.stdout.trim()}" (exit ${version.code}), expected ${cliPackage.manifest.version}: ${clip(version.stderr)}`,
    );
  }
}
step("ESM, CommonJS, tsc, the bin and every guide's install step checked");
finish();

function finish() {
  if (problems.length > 0) {
    process.stderr.write(
      `consumer-check: ${problems.length} problem(s) (work folder kept: ${work})\n  ${problems.join('\n  ')}\n`,
    );
    process.exit(1);
  }
  rmSync(work, { recursive: true, force: true });
  step(`ok: ${tarred.length} packages install and work from their tarballs`);
  process.exit(0);
}
