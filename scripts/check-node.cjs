// The Node version check every entry point of this repository meets first: every pnpm command (through
// .pnpmfile.cjs, which pnpm loads before it resolves anything), and `pnpm:devPreinstall`, `pnpm test` and
// `pnpm run search` when run without pnpm. Plain CommonJS with no syntax newer than Node 8's,
// so it still runs, and says what to do, on the old Node a newcomer may have on PATH.
'use strict';

const NEEDED = [22, 12];

function supported(version) {
  const parts = version.split('.').map(Number);
  return parts[0] > NEEDED[0] || (parts[0] === NEEDED[0] && parts[1] >= NEEDED[1]);
}

const quote = (arg) => (/^[\w.,:=@/-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, "'\\''")}'`);

// What the user ran, so the npx line below can be pasted as is: pnpm's own arguments when pnpm loaded this
// file itself (through .pnpmfile.cjs), else the lifecycle event pnpm sets (and the arguments of the script
// that loaded this file, for `pnpm run search "query"`).
function command() {
  if (/(^|[\\/])pnpm(\.c?js)?$/.test(process.argv[1] || '')) {
    return process.argv.slice(2).map(quote).join(' ');
  }
  const event = process.env.npm_lifecycle_event || '';
  if (event === '' || event === 'pnpm:devPreinstall') return 'install';
  if (event === 'test') return 'test';
  return ['run', event].concat(process.argv.slice(2).map(quote)).join(' ');
}

const found = process.versions.node;
if (!supported(found)) {
  process.stderr.write(
    `agent-search needs Node.js >= ${NEEDED.join('.')} but found ${found} (${process.execPath}); ` +
      'install Node 24 (nvm install 24, fnm install 24, or https://nodejs.org) or run this once with ' +
      `\`npx -y -p node@24 -p pnpm@10 pnpm ${command()}\`.\n`,
  );
  process.exit(1);
}
