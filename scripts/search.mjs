// `pnpm run search "query" [flags]`: builds the agent-search CLI and the packages it uses, then runs it.
// Build output goes to stderr, so `pnpm -s run search "q" --json` leaves only JSON on stdout.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = '@agent-search/cli';
const root = fileURLToPath(new URL('..', import.meta.url));
const localTurbo = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'turbo.cmd' : 'turbo');
const turbo = existsSync(localTurbo) ? localTurbo : 'turbo';

function fail(message) {
  process.stderr.write(`search: ${message}\n`);
  process.exit(1);
}

/** Workspace packages (the folders vitest.config.ts lists) by name, with their runtime dependencies. */
function workspacePackages() {
  const packages = new Map();
  for (const parent of ['packages', 'packages/providers', 'apps']) {
    for (const entry of readdirSync(join(root, parent), { withFileTypes: true })) {
      const file = join(root, parent, entry.name, 'package.json');
      if (!entry.isDirectory() || !existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8'));
      packages.set(pkg.name, {
        deps: Object.keys(pkg.dependencies ?? {}),
        builds: Boolean(pkg.scripts?.build),
      });
    }
  }
  return packages;
}

/**
 * The CLI's runtime dependency closure in build order, as layers that can build in parallel. Only
 * `dependencies` count: a test-only devDependency (core ⇄ testing) would make turbo's `^build` graph cyclic.
 */
function buildLayers() {
  const packages = workspacePackages();
  const needed = new Set();
  const visit = (name) => {
    if (needed.has(name) || !packages.has(name)) return;
    needed.add(name);
    for (const dep of packages.get(name).deps) visit(dep);
  };
  visit(CLI);
  const layers = [];
  const done = new Set();
  while (done.size < needed.size) {
    const layer = [...needed].filter(
      (name) => !done.has(name) && packages.get(name).deps.every((d) => !needed.has(d) || done.has(d)),
    );
    if (layer.length === 0) fail('the CLI’s workspace dependencies form a cycle');
    for (const name of layer) done.add(name);
    layers.push(layer.filter((name) => packages.get(name).builds));
  }
  return layers.filter((layer) => layer.length > 0);
}

for (const layer of buildLayers()) {
  const build = spawnSync(
    turbo,
    ['run', 'build', '--only', '--output-logs=errors-only', ...layer.map((name) => `--filter=${name}`)],
    {
      cwd: root,
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' },
      // Child stdout onto our stderr: nothing but the command's own output may reach stdout.
      stdio: ['ignore', 2, 2],
      shell: process.platform === 'win32',
    },
  );
  if (build.error || build.status !== 0) {
    const why = build.error ? build.error.message : `turbo exited with ${build.status ?? build.signal}`;
    fail(`building the agent-search CLI failed (${why}); see the errors above.`);
  }
}

const child = spawn(
  process.execPath,
  [join(root, 'apps', 'cli', 'dist', 'bin.js'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
// Ctrl-C reaches the command too (same process group): let it report, then exit with its code.
process.on('SIGINT', () => {});
child.on('error', (error) => fail(`could not start the agent-search CLI (${error.message}).`));
child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
