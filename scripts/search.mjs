// `pnpm run search "query" [flags]`: builds the agent-search CLI and the packages it uses, then runs it.
// Build output goes to stderr, so `pnpm -s run search "q" --json` leaves only JSON on stdout.
import './check-node.cjs';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = '@agent-search/cli';
const root = fileURLToPath(new URL('..', import.meta.url));
const localTurbo = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'turbo.cmd' : 'turbo');

function fail(message) {
  process.stderr.write(`search: ${message}\n`);
  process.exit(1);
}

// The build tool comes with the install: without it the install never ran, or did not finish.
if (!existsSync(localTurbo)) {
  fail('the dependencies are not installed yet; run `pnpm install` first, then this command again.');
}

// turbo's banner and summary are kept back: they are shown only if the build fails.
const build = spawn(localTurbo, ['run', 'build', '--output-logs=errors-only', `--filter=${CLI}...`], {
  cwd: root,
  env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1' },
  stdio: ['ignore', 'pipe', 'pipe'],
  shell: process.platform === 'win32',
});
const output = [];
build.stdout.on('data', (chunk) => output.push(chunk));
build.stderr.on('data', (chunk) => output.push(chunk));
// A first build takes a while; say why nothing happens yet.
const slow = setTimeout(() => process.stderr.write('search: building the agent-search CLI…\n'), 2_000);
const built = await new Promise((resolve) => {
  build.on('error', (error) => resolve({ why: error.message }));
  build.on('close', (code, signal) =>
    resolve(code === 0 ? {} : { why: `turbo exited with ${code ?? signal}` }),
  );
});
clearTimeout(slow);
if (built.why) {
  process.stderr.write(Buffer.concat(output));
  fail(
    `building the agent-search CLI failed (${built.why})${output.length > 0 ? '; see the errors above' : ''}.`,
  );
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
