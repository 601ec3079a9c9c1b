// Imported first by the bin: on an older Node the command says so in one sentence instead of failing later
// with an error about a missing built-in. Keep it free of imports and of syntax newer than Node 18's.
const NEEDED = [22, 12] as const;

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < NEEDED[0] || (major === NEEDED[0] && minor < NEEDED[1])) {
  process.stderr.write(
    `agent-search needs Node.js >= ${NEEDED.join('.')} but found ${process.versions.node} (${process.execPath}); ` +
      'install Node 24 (nvm install 24, fnm install 24, or https://nodejs.org) or run it once with ' +
      '`npx -y -p node@24 -p @agent-search/cli agent-search ...`.\n',
  );
  process.exit(1);
}
