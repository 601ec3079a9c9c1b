// `node scripts/runtime-matrix.mjs`: agent-search on the runtimes other than Node that agents run on, against
// the loopback provider simulator (nothing leaves the machine). Bun and Deno (from the npm registry, installed
// once into a cache) run scripts/runtime-matrix/checks.mjs on the built packages: core + DuckDuckGo, core +
// Tavily, the AI SDK tool, the MCP server over Streamable HTTP with the official clients (v2 on 2026-07-28,
// and v1). workerd (miniflare) runs scripts/runtime-matrix/worker.mjs bundled as wrangler bundles a Worker:
// a Tavily search, the AI SDK tool without the vendor packages, and the remote MCP server answering
// tools/call with a token, from the v2 client on 2026-07-28 and from the v1 client. Ends with
// "runtime matrix: N passed, N failed"; exits 1 when a check failed. Run `pnpm run build` first.
//
// RUNTIME_MATRIX_TOOLS: where the runtimes are installed (default ~/.cache/agent-search-runtimes).
// RUNTIME_MATRIX_ONLY: a comma-separated subset of bun, deno, workerd.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const here = join(root, 'scripts', 'runtime-matrix');
const tools = process.env.RUNTIME_MATRIX_TOOLS ?? join(homedir(), '.cache', 'agent-search-runtimes');
const only = new Set((process.env.RUNTIME_MATRIX_ONLY ?? 'bun,deno,workerd').split(',').map((s) => s.trim()));
/** What the matrix installs: the runtimes and the Worker toolchain, by major version. */
const TOOLS = { bun: '1', deno: '2', miniflare: '4', esbuild: '0.28' };
/** Longest one runtime's checks may take; a hang is a failure, never a stuck CI. */
const RUN_TIMEOUT_MS = 120_000;
const INSTALL_TIMEOUT_MS = 300_000;
const QUERY = 'heat pump efficiency';
const PROVIDERS = [
  'anthropic',
  'brave',
  'duckduckgo',
  'exa',
  'gemini',
  'openai',
  'perplexity',
  'searxng',
  'serpapi',
  'tavily',
];

const results = [];
function record(runtime, name, ok, detail) {
  results.push({ runtime, name, ok });
  console.log(`${ok ? 'pass' : 'FAIL'}  ${runtime.padEnd(7)} ${name}${detail ? `  (${detail})` : ''}`);
}

// ---- the runtimes, from the npm registry, once ----
const bin = (name) => join(tools, 'node_modules', '.bin', name);
function installed() {
  return Object.keys(TOOLS).every((name) => {
    if (name === 'miniflare') return existsSync(join(tools, 'node_modules', 'miniflare', 'package.json'));
    return spawnSync(bin(name), ['--version'], { timeout: 20_000 }).status === 0;
  });
}
if (!installed()) {
  console.error(`runtime-matrix: installing ${Object.keys(TOOLS).join(', ')} into ${tools}`);
  mkdirSync(tools, { recursive: true });
  const specs = Object.entries(TOOLS).map(([name, major]) => `${name}@${major}`);
  const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', tools, ...specs], {
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: INSTALL_TIMEOUT_MS,
  });
  if (npm.status !== 0 || !installed()) {
    console.error('runtime-matrix: the runtimes could not be installed from the npm registry');
    console.log('runtime matrix: 0 passed, 1 failed');
    process.exit(1);
  }
}
const version = (name) =>
  spawnSync(bin(name), ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0].trim();

// ---- the built packages, where a program installed them: node_modules links in a scratch folder ----
for (const pkg of [
  'core',
  'ai-sdk',
  'mcp',
  'langchain',
  'cache',
  ...PROVIDERS.map((id) => `providers/${id}`),
]) {
  if (!existsSync(join(root, 'packages', pkg, 'dist'))) {
    console.error(`runtime-matrix: packages/${pkg}/dist is missing: run \`pnpm run build\` first`);
    process.exit(1);
  }
}
const scratch = mkdtempSync(join(tmpdir(), 'runtime-matrix-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
const requireFrom = (pkg) => createRequire(join(root, 'packages', pkg, 'package.json'));
// A package's folder as `pkg` sees it: pnpm links each dependency into the package's own node_modules (the
// MCP SDK v2 packages do not export their package.json, so it is not asked for).
const packageDir = (pkg, name) => realpathSync(join(root, 'packages', pkg, 'node_modules', name));
const links = {
  '@agent-search/core': join(root, 'packages', 'core'),
  '@agent-search/mcp': join(root, 'packages', 'mcp'),
  '@agent-search/langchain': join(root, 'packages', 'langchain'),
  '@agent-search/cache': join(root, 'packages', 'cache'),
  ...Object.fromEntries(
    PROVIDERS.map((id) => [`@agent-search/provider-${id}`, join(root, 'packages', 'providers', id)]),
  ),
  ai: packageDir('ai-sdk', 'ai'),
  zod: packageDir('ai-sdk', 'zod'),
  // One of the AI SDK's optional vendor packages installed, the others (@ai-sdk/anthropic, /google) not.
  '@ai-sdk/openai': packageDir('ai-sdk', '@ai-sdk/openai'),
  // The server's SDK (v2), and the clients of both eras the checks connect with: v2 and v1.
  '@modelcontextprotocol/server': packageDir('mcp', '@modelcontextprotocol/server'),
  '@modelcontextprotocol/client': packageDir('mcp', '@modelcontextprotocol/client'),
  '@modelcontextprotocol/sdk': packageDir('mcp', '@modelcontextprotocol/sdk'),
};
for (const [name, target] of Object.entries(links)) {
  mkdirSync(dirname(join(scratch, 'node_modules', name)), { recursive: true });
  symlinkSync(target, join(scratch, 'node_modules', name), 'dir');
}
// @agent-search/ai-sdk copied as an install lays it out, not linked: a link would resolve its imports from
// the workspace, where its dev dependencies (every vendor package) are installed.
const aiSdk = join(scratch, 'node_modules', '@agent-search', 'ai-sdk');
mkdirSync(aiSdk, { recursive: true });
for (const file of ['package.json', 'dist']) {
  cpSync(join(root, 'packages', 'ai-sdk', file), join(aiSdk, file), { recursive: true });
}
writeFileSync(join(scratch, 'package.json'), '{ "private": true, "type": "module" }\n');
cpSync(join(here, 'checks.mjs'), join(scratch, 'checks.mjs'));
for (const file of ['worker.mjs', 'worker-nodejs-compat.mjs']) cpSync(join(here, file), join(scratch, file));

// ---- the loopback upstream: the provider simulator, as the consumer check uses it ----
const { startProviderSimulator, WEB_ENTRIES } = await import('../packages/testing/src/simulator/index.ts');
const { loadProviderKits } = await import('../packages/registry/src/testing.ts');
const simulator = await startProviderSimulator({ kits: await loadProviderKits() });
const corpusHosts = new Set(WEB_ENTRIES.map((entry) => new URL(entry.url).hostname));
/** A result address is one the simulator served (its corpus), not one made up on the way. */
const served = (url) => {
  try {
    return corpusHosts.has(new URL(url).hostname);
  } catch {
    return false;
  }
};

function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: scratch, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** The checks.mjs names, so a runtime that dies before reporting one fails it rather than skipping it. */
const CHECKS = [
  'core + DuckDuckGo: a search',
  'core + Tavily (keyed): a search',
  'cache: withCache answers a repeated question from memory',
  'AI SDK: generateText calls web_search',
  'AI SDK: an OpenAI Responses model gets its own search (optional peer imported)',
  'AI SDK: an Anthropic model without @ai-sdk/anthropic installed gets our web_search',
  'MCP: Streamable HTTP server, v2 client on 2026-07-28, tools/call web_search',
  'MCP: @agent-search/mcp/server on the runtime’s own HTTP server (createMcpHandler; v2 client on 2026-07-28, v1 client)',
];

async function runChecks(runtime, command, args) {
  const before = { duckduckgo: simulator.calls('duckduckgo'), tavily: simulator.calls('tavily') };
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, RUNTIME_MATRIX_UPSTREAM: simulator.origin };
  if (runtime === 'deno') env.DENO_DIR = join(tools, 'deno-cache');
  const outcome = await run(command, args, env);
  const reported = new Map();
  for (const line of outcome.stdout.split('\n')) {
    if (line.startsWith('RESULT ')) {
      const { name, ok, detail } = JSON.parse(line.slice('RESULT '.length));
      reported.set(name, { ok, detail });
    }
  }
  for (const name of CHECKS) {
    const result = reported.get(name);
    if (!result) {
      const why = outcome.signal
        ? `killed (${outcome.signal}) after ${RUN_TIMEOUT_MS / 1000} s`
        : `exit ${outcome.code}`;
      record(
        runtime,
        name,
        false,
        `not reported: ${why}; ${outcome.stderr.trim().split('\n').slice(-3).join(' | ')}`,
      );
      continue;
    }
    // A URL the runtime printed must be one the simulator served.
    const url =
      typeof result.detail === 'string' && result.detail.startsWith('http') ? result.detail : undefined;
    const ok = result.ok && (url === undefined || served(url));
    record(
      runtime,
      name,
      ok,
      ok || !result.ok ? result.detail : `${url} is not an address the simulator served`,
    );
  }
  const reached =
    simulator.calls('duckduckgo') > before.duckduckgo && simulator.calls('tavily') > before.tavily;
  record(
    runtime,
    'the searches reached the loopback simulator',
    reached,
    `${simulator.calls('tavily') - before.tavily} Tavily, ${simulator.calls('duckduckgo') - before.duckduckgo} DuckDuckGo requests`,
  );
}

const started = Date.now();
if (only.has('bun')) {
  console.log(`-- bun ${version('bun')}`);
  await runChecks('bun', bin('bun'), ['checks.mjs']);
}
if (only.has('deno')) {
  console.log(`-- ${version('deno')}`);
  await runChecks('deno', bin('deno'), ['run', '--allow-all', '--node-modules-dir=manual', 'checks.mjs']);
}
if (only.has('workerd')) {
  try {
    const { runWorkerChecks } = await import(pathToFileURL(join(here, 'workerd.mjs')).href);
    await runWorkerChecks({ tools, scratch, simulator, served, record, requireFrom, query: QUERY });
  } catch (error) {
    // miniflare refusing the configuration, or workerd failing to start: a failed check, not a crash.
    record('workerd', 'workerd started the Worker', false, String(error?.message ?? error).split('\n')[0]);
  }
}

await simulator.close();
const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`runtime-matrix: ${Math.round((Date.now() - started) / 1000)} s`);
// Two words before the colon: CI reads a closing "N passed, N failed" line as the test count, which is the
// test suite's (vitest), not these checks'.
console.log(`runtime matrix: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
