// `node scripts/provider-scaffold-check.mjs [--keep] [--no-consumer-check] [--dir <path>]`: the proof that a
// provider is one folder (docs/providers/adding-a-provider.md). In a scratch clone of the committed tree it
// copies the template provider into a new keyed provider, `acme`, renamed, adds its one registry line (with
// the registry's dependency on it) and its doc page, runs `pnpm install` and the registry's table generator
// (generated files), and nothing else; then counts the lines changed outside the new folder and runs the
// build, lint, type check, the new provider's, the registry's and the CLI's tests and the consumer check.
// Any other edit a new provider needs is a defect to fix in the tree (derive it from the definition or kit).
// Slow (a clean install and build, the CLI's process tests, ~10 min of consumer check): not part of .ci/run.
import './check-node.cjs';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATE = { id: 'brave', name: 'Brave', env: 'BRAVE' };
const NEW = { id: 'acme', name: 'Acme', env: 'ACME' };

/** Every text file under `dir`, fixtures aside (recorded answers stay as they were recorded). */
function textFiles(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => !path.split('/').includes('__fixtures__'))
    .map((path) => join(dir, path))
    .filter((path) => statSync(path).isFile());
}

const rename = (text) =>
  text.replaceAll(TEMPLATE.id, NEW.id).replaceAll(TEMPLATE.name, NEW.name).replaceAll(TEMPLATE.env, NEW.env);

/** Step 1: the folder, copied from the template and renamed (ids, names, key variables, file text). */
function copyFolder(clone) {
  const from = join(clone, 'packages/providers', TEMPLATE.id);
  const to = join(clone, 'packages/providers', NEW.id);
  const skip = new Set(['node_modules', 'dist', '.turbo']);
  cpSync(from, to, { recursive: true, filter: (src) => !skip.has(src.split('/').at(-1)) });
  for (const file of textFiles(to)) writeFileSync(file, rename(readFileSync(file, 'utf8')));
}

/** Step 2: the registry line (an import and its place in the list), and the registry's dependency. */
function registerProvider(clone) {
  const definitions = join(clone, 'packages/registry/src/definitions.ts');
  const lines = readFileSync(definitions, 'utf8').split('\n');
  const line = `import { providerDefinition as ${NEW.id} } from '@agent-search/provider-${NEW.id}/definition';`;
  const imports = lines.filter((l) => l.startsWith('import { providerDefinition as '));
  const after = imports.filter((l) => l < line).at(-1) ?? 'import type';
  lines.splice(lines.findIndex((l) => l.startsWith(after)) + 1, 0, line);
  const end = lines.lastIndexOf('];');
  lines.splice(end, 0, `  ${NEW.id},`);
  writeFileSync(definitions, lines.join('\n'));
  const manifest = join(clone, 'packages/registry/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  pkg.dependencies[`@agent-search/provider-${NEW.id}`] = 'workspace:*';
  pkg.dependencies = Object.fromEntries(
    Object.entries(pkg.dependencies).sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
}

/** Step 3: the doc page. */
function writeDocPage(clone) {
  const template = readFileSync(join(clone, `docs/providers/${TEMPLATE.id}.md`), 'utf8');
  writeFileSync(join(clone, `docs/providers/${NEW.id}.md`), rename(template));
}

function sh(clone, command, args, env = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: clone, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** Lines added or removed outside the new folder, by file (generated files marked). */
function changesOutside(clone) {
  execFileSync('git', ['add', '-A'], { cwd: clone });
  const numstat = execFileSync('git', ['diff', '--cached', '--numstat'], { cwd: clone, encoding: 'utf8' });
  return numstat
    .trim()
    .split('\n')
    .map((row) => row.split('\t'))
    .filter(([, , path]) => !path.startsWith(`packages/providers/${NEW.id}/`))
    .map(([added, removed, path]) => ({ path, lines: Number(added) + Number(removed) }));
}

const args = process.argv.slice(2);
const root = fileURLToPath(new URL('..', import.meta.url));
const dirIndex = args.indexOf('--dir');
const clone = dirIndex >= 0 ? args[dirIndex + 1] : mkdtempSync(join(tmpdir(), 'provider-scaffold-'));
rmSync(clone, { recursive: true, force: true });
execFileSync('git', ['clone', '--quiet', root, clone]);
copyFolder(clone);
registerProvider(clone);
writeDocPage(clone);
const failed = [];
const step = (name, ok) => ok || failed.push(name);
step('pnpm install', sh(clone, 'pnpm', ['install', '--prefer-offline']));
// Generated: the provider tables of README.md and docs/providers/README.md.
step('provider tables', sh(clone, 'pnpm', ['--filter', '@agent-search/registry', 'docs']));
// The copy's lines are formatted for the template's names: the formatter settles them (inside the folder).
step('format', sh(clone, 'pnpm', ['exec', 'biome', 'check', '--write', `packages/providers/${NEW.id}`]));
const outside = changesOutside(clone);
step('build', sh(clone, 'pnpm', ['run', 'build']));
step('lint', sh(clone, 'pnpm', ['run', 'lint']));
step('typecheck', sh(clone, 'pnpm', ['run', 'typecheck']));
const tests = ['--project', NEW.id, '--project', 'registry', '--project', 'cli'];
step('tests', sh(clone, 'pnpm', ['exec', 'vitest', 'run', ...tests], { AGENT_SEARCH_TESTS: 'all' }));
if (!args.includes('--no-consumer-check'))
  step('consumer check', sh(clone, 'node', ['scripts/consumer-check.mjs']));

// Written by `pnpm install` and the registry's table generator; the doc page is the provider's own.
const generated = new Set(['pnpm-lock.yaml', 'README.md', 'docs/providers/README.md']);
const page = `docs/providers/${NEW.id}.md`;
console.log(`\nOutside packages/providers/${NEW.id}/:`);
for (const { path, lines } of outside) {
  const what = generated.has(path) ? ' (generated)' : path === page ? ' (its doc page)' : '';
  console.log(`  ${String(lines).padStart(3)}  ${path}${what}`);
}
const byHand = outside.filter((c) => !generated.has(c.path) && c.path !== page);
const count = byHand.reduce((sum, c) => sum + c.lines, 0);
console.log(`  ${count} lines by hand in ${byHand.length} files, besides the doc page`);
if (!args.includes('--keep')) rmSync(clone, { recursive: true, force: true });
if (failed.length > 0) {
  console.error(`\nprovider-scaffold-check: failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(
  '\nprovider-scaffold-check: a provider copied from the template is one folder, one line, one page',
);
