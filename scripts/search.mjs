// `pnpm run search "query" [flags]`: builds the agent-search CLI and the packages it uses, then runs it.
// Build output goes to stderr, so `pnpm -s run search "q" --json` leaves only JSON on stdout.
import './check-node.cjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

const build = spawnSync(turbo, ['run', 'build', '--output-logs=errors-only', `--filter=${CLI}...`], {
  cwd: root,
  env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' },
  // Child stdout onto our stderr: nothing but the command's own output may reach stdout.
  stdio: ['ignore', 2, 2],
  shell: process.platform === 'win32',
});
if (build.error || build.status !== 0) {
  const why = build.error ? build.error.message : `turbo exited with ${build.status ?? build.signal}`;
  fail(`building the agent-search CLI failed (${why}); see the errors above.`);
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
