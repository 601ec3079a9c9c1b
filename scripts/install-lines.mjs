// The install steps the docs print: every ```sh block in README.md, docs/ and the packages' READMEs that
// runs `npm i`/`npm install`/`pnpm add` (not a global install). The consumer check installs exactly what
// each one names, in an empty folder, so a guide that leaves out a package its snippet or its types need
// fails there rather than for a user.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const INSTALL = /^(?:npm\s+(?:i|install|add)|pnpm\s+add)\s+(.*)$/;

/** The markdown files a user reads: the root README, docs/, and each package's and app's README. */
function guideFiles(root) {
  const files = [join(root, 'README.md')];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) files.push(path);
    }
  };
  walk(join(root, 'docs'));
  for (const base of ['packages', 'packages/providers', 'apps']) {
    for (const entry of readdirSync(join(root, base), { withFileTypes: true })) {
      if (entry.isDirectory()) {
        const readme = join(root, base, entry.name, 'README.md');
        try {
          readFileSync(readme);
          files.push(readme);
        } catch {}
      }
    }
  }
  return files;
}

/**
 * Each install step as `{ where, specs }`: `where` is `file:line`, `specs` the package names (and versions)
 * of every install line in one ```sh block, flags and comments left out. Global installs are left out
 * (they install a command, not a dependency).
 */
export function readInstallSteps(root) {
  return guideFiles(root).flatMap((file) => installStepsOf(relative(root, file), readFileSync(file, 'utf8')));
}

/** The install steps of one markdown text (`doc` names it in `where`); `line` is the 0-based line of the block's fence. */
export function installStepsOf(doc, text) {
  const steps = [];
  let block;
  text.split('\n').forEach((line, index) => {
    const fence = /^```(\w*)/.exec(line.trim());
    if (fence) {
      if (block) {
        if (block.specs.length > 0) steps.push(block);
        block = undefined;
      } else if (fence[1] === 'sh' || fence[1] === 'bash') {
        block = { where: '', specs: [], line: index };
      } else {
        block = { where: '', specs: [], ignore: true };
      }
      return;
    }
    if (!block || block.ignore) return;
    const match = INSTALL.exec(line.trim().replace(/\s+#.*$/, ''));
    if (!match) return;
    const words = match[1].split(/\s+/).filter(Boolean);
    if (words.some((w) => w === '-g' || w === '--global')) return;
    if (block.specs.length === 0) block.where = `${doc}:${index + 1}`;
    block.specs.push(...words.filter((w) => !w.startsWith('-')));
  });
  return steps;
}
