// `pnpm run search "query" [flags]`: builds the agent-search CLI and the packages it uses, then runs it.
// Build output goes to stderr, so `pnpm -s run search "q" --json` leaves only JSON on stdout.
import './check-node.cjs';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const CLI = '@agent-search/cli';
const root = fileURLToPath(new URL('..', import.meta.url));
const localTurbo = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'turbo.cmd' : 'turbo');

/**
 * The workspace packages that have a build script, by name. turbo's "Running build in N packages" counts
 * every package in scope, also those with nothing to build (the test kit), whose task never shows up.
 */
function packagesWithBuild() {
  const names = new Set();
  for (const folder of ['packages', 'packages/providers', 'apps']) {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const manifest = join(root, folder, entry.name, 'package.json');
      if (!entry.isDirectory() || !existsSync(manifest)) continue;
      try {
        const { name, scripts } = JSON.parse(readFileSync(manifest, 'utf8'));
        if (typeof scripts?.build === 'string') names.add(name);
      } catch {
        // A broken manifest fails the build itself, which says so.
      }
    }
  }
  return names;
}

function fail(message) {
  process.stderr.write(`search: ${message}\n`);
  process.exit(1);
}

// The build tool comes with the install: without it the install never ran, or did not finish.
if (!existsSync(localTurbo)) {
  fail('the dependencies are not installed yet; run `pnpm install` first, then this command again.');
}

// turbo's banner and summary are kept back: they are shown only if the build fails. Its log lines
// ("new-only": one line per task, and the output of those that run) give the progress of a first build.
const build = spawn(localTurbo, ['run', 'build', '--output-logs=new-only', `--filter=${CLI}...`], {
  cwd: root,
  env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TURBO_NO_UPDATE_NOTIFIER: '1', NO_COLOR: '1' },
  stdio: ['ignore', 'pipe', 'pipe'],
  shell: process.platform === 'win32',
});
const output = [];
const progress = buildProgress(process.stderr);
build.stdout.on('data', (chunk) => {
  output.push(chunk);
  progress.read(chunk);
});
build.stderr.on('data', (chunk) => output.push(chunk));
const built = await new Promise((resolve) => {
  build.on('error', (error) => resolve({ why: error.message }));
  build.on('close', (code, signal) =>
    resolve(code === 0 ? {} : { why: `turbo exited with ${code ?? signal}` }),
  );
});
progress.done();
if (built.why) {
  process.stderr.write(Buffer.concat(output));
  fail(
    `building the agent-search CLI failed (${built.why})${output.length > 0 ? '; see the errors above' : ''}.`,
  );
}

/**
 * Says which package is being built ("search: building @agent-search/core (3 of 14)…") as turbo starts
 * each one that is not cached, so a first build (half a minute) shows it is moving; a cached build, where
 * nothing runs, prints nothing. On a terminal the line is rewritten in place and erased at the end.
 */
function buildProgress(stream) {
  const tty = stream.isTTY === true && process.env.TERM !== 'dumb';
  let pending = '';
  let total = '?';
  let seen = 0;
  let shown = false;
  return {
    read(chunk) {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const raw of lines) {
        const line = stripVTControlCharacters(raw).trim();
        const scope = /Packages in scope: (.+)$/.exec(line);
        if (scope) {
          const buildable = packagesWithBuild();
          total = String(scope[1].split(', ').filter((name) => buildable.has(name)).length);
        }
        const task = /^(\S+):build: cache (hit|miss)/.exec(line);
        if (!task) continue;
        seen += 1;
        if (task[2] !== 'miss') continue;
        const text = `search: building ${task[1]} (${seen} of ${total})…`;
        stream.write(tty ? `\r\x1b[K${text}` : `${text}\n`);
        shown = true;
      }
    },
    done() {
      if (shown && tty) stream.write('\r\x1b[K');
    },
  };
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
