// `node scripts/doc-snippets.mjs [--write]`: every TypeScript/JavaScript code block of README.md, docs/ and
// the packages' READMEs is a file, named on the line above the block: under docs/snippets/ for README.md and
// docs/, in the package's own `snippets/` folder for a package's README (a package stays one folder: a new
// provider copied from another brings its page's snippets with it):
//
//     <!-- snippet: docs/snippets/readme/search.ts -->
//     ```ts
//     …the file's text, verbatim…
//     ```
//
// so the consumer check can type-check and run exactly what a reader copies, with the install line printed
// above it (the nearest ```sh block before it that runs `npm i`). Without --write it checks: a block that
// differs from its file, a block without a marker, a marker without its file or without an install line
// above it are problems (exit 1). With --write the blocks are rewritten from their files. A file named
// *.browser.ts (front-end code) or *.live.ts (it needs a live service) is type-checked but not run. Python blocks
// (the MCP guide's LiveKit Python agent) get a syntax check when python3 is installed.
import './check-node.cjs';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installStepsOf } from './install-lines.mjs';

/** Fence languages whose blocks must be snippet files, and the extension their file has. */
const LANGUAGES = { ts: '.ts', typescript: '.ts', js: '.mjs', javascript: '.mjs', mjs: '.mjs' };
const MARKER = /^<!--\s*snippet:\s*(\S+)\s*-->$/;
export const SNIPPETS_DIR = 'docs/snippets';

/** The folders whose subfolders' README.md are a package's page (npm shows it). */
const PACKAGE_FOLDERS = ['packages', 'packages/providers', 'apps'];

/** README.md, every markdown file under docs/ (the snippets folder has none) and each package's README. */
export function docFiles(root) {
  const files = ['README.md'];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) files.push(path);
    }
  };
  walk('docs');
  for (const folder of PACKAGE_FOLDERS.filter((f) => existsSync(join(root, f)))) {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const readme = `${folder}/${entry.name}/README.md`;
      if (entry.isDirectory() && existsSync(join(root, readme))) files.push(readme);
    }
  }
  return files;
}

/** The package folder whose page `doc` is (`packages/providers/<id>` for its README.md), or undefined. */
function packageOf(doc) {
  const folder = doc.replace(/\/README\.md$/, '');
  const parent = folder.slice(0, folder.lastIndexOf('/'));
  return folder !== doc && PACKAGE_FOLDERS.includes(parent) ? folder : undefined;
}

/**
 * Where a doc's snippet files live (`dirs`) and where a new one goes (`folder`): a package's README keeps its
 * own in the package's `snippets/`, and may show one a guide under docs/ shows too (docs/snippets/).
 */
function snippetHome(doc) {
  const pkg = packageOf(doc);
  if (pkg) return { dirs: [`${pkg}/snippets`, SNIPPETS_DIR], folder: `${pkg}/snippets` };
  const name = doc
    .replace(/^docs\//, '')
    .replace(/\.md$/, '')
    .replaceAll('/', '-')
    .toLowerCase();
  return { dirs: [SNIPPETS_DIR], folder: `${SNIPPETS_DIR}/${name}` };
}

/** The fenced blocks of a markdown text: language, the fence's 0-based line, the body's lines. */
function blocksOf(lines) {
  const blocks = [];
  let open;
  lines.forEach((line, index) => {
    const fence = /^(\s*)```\s*([\w-]*)/.exec(line);
    if (!fence) return;
    if (!open) open = { language: fence[2].toLowerCase(), start: index, indent: fence[1] };
    else {
      blocks.push({ ...open, end: index, body: lines.slice(open.start + 1, index) });
      open = undefined;
    }
  });
  return blocks;
}

/**
 * The snippets of one doc and what is wrong with them: `{ snippets: [{ doc, line, file, install }], problems }`.
 * `install` is the install step (`{ where, specs }`) of the nearest ```sh block above the snippet.
 */
export function snippetsOf(root, doc, text = readFileSync(join(root, doc), 'utf8')) {
  const lines = text.split('\n');
  const installs = installStepsOf(doc, text);
  const snippets = [];
  const problems = [];
  for (const block of blocksOf(lines)) {
    const where = `${doc}:${block.start + 1}`;
    if (block.language === 'python' || block.language === 'py') {
      problems.push(...pythonProblems(where, block.body.join('\n')));
      continue;
    }
    const extension = LANGUAGES[block.language];
    if (!extension) continue;
    const marker = MARKER.exec(lines[block.start - 1]?.trim() ?? '');
    // docs/providers/<id>.md → docs/snippets/providers-<id>/<name>.ts;
    // packages/providers/<id>/README.md → packages/providers/<id>/snippets/<name>.ts
    const home = snippetHome(doc);
    if (!marker) {
      const suggested = `${home.folder}/<name>${extension}`;
      problems.push(
        `${where}: a \`\`\`${block.language} block that is not a snippet file: move it to ${suggested} and put <!-- snippet: ${suggested} --> on the line above it (then \`pnpm docs:snippets\` writes the block from the file)`,
      );
      continue;
    }
    const file = marker[1];
    const homed = home.dirs.some((dir) => file.startsWith(`${dir}/`));
    if (!homed || !file.endsWith(extension) || file.includes('..')) {
      problems.push(`${where}: the snippet file ${file} should be ${home.folder}/<name>${extension}`);
      continue;
    }
    if (!existsSync(join(root, file))) {
      problems.push(`${where}: the snippet file ${file} does not exist`);
      continue;
    }
    const install = installs.filter((step) => step.line < block.start).at(-1);
    if (!install) {
      problems.push(
        `${where}: ${file} has no install line above it (a \`\`\`sh block with \`npm i …\`): a reader must see what to install`,
      );
    }
    snippets.push({ doc, line: block.start + 1, file, block, install });
  }
  return { snippets, problems };
}

/** The doc's text with each snippet block replaced by its file's text. */
export function withSnippetFiles(root, text, snippets) {
  const lines = text.split('\n');
  // From the last block up, so earlier line numbers stay valid.
  for (const { file, block } of [...snippets].reverse()) {
    const body = readFileSync(join(root, file), 'utf8').replace(/\n$/, '').split('\n');
    lines.splice(block.start + 1, block.end - block.start - 1, ...body);
  }
  return lines.join('\n');
}

/** Every snippet of the docs (docFiles), with the problems found; also snippet files no doc shows. */
export function readDocSnippets(root) {
  const all = [];
  const problems = [];
  for (const doc of docFiles(root)) {
    const text = readFileSync(join(root, doc), 'utf8');
    const found = snippetsOf(root, doc, text);
    problems.push(...found.problems);
    if (withSnippetFiles(root, text, found.snippets) !== text) {
      for (const snippet of found.snippets) {
        const body = readFileSync(join(root, snippet.file), 'utf8').replace(/\n$/, '');
        if (body !== snippet.block.body.join('\n'))
          problems.push(
            `${doc}:${snippet.line}: the block differs from ${snippet.file} (run \`pnpm docs:snippets\` to write the file's text into the doc)`,
          );
      }
    }
    all.push(...found.snippets);
  }
  const shown = new Set(all.map((s) => s.file));
  const walk = (dir) =>
    existsSync(join(root, dir))
      ? readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(`${dir}/${e.name}`) : [`${dir}/${e.name}`],
        )
      : [];
  const homes = [
    SNIPPETS_DIR,
    ...docFiles(root).flatMap((doc) => (packageOf(doc) ? [snippetHome(doc).folder] : [])),
  ];
  for (const file of homes.flatMap(walk)) {
    if (Object.values(LANGUAGES).some((ext) => file.endsWith(ext)) && !shown.has(file))
      problems.push(`${file}: no doc shows this snippet (a <!-- snippet: ${file} --> marker above a block)`);
  }
  return { snippets: all, problems };
}

let python;
/** A Python block's syntax errors (top-level await allowed), or none when python3 is not installed. */
function pythonProblems(where, source) {
  if (python === undefined) {
    try {
      execFileSync('python3', ['--version'], { stdio: 'ignore' });
      python = true;
    } catch {
      python = false;
    }
  }
  if (!python) return [];
  try {
    execFileSync(
      'python3',
      [
        '-c',
        'import ast, sys; compile(sys.stdin.read(), "snippet", "exec", ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)',
      ],
      { input: source, stdio: ['pipe', 'ignore', 'pipe'], timeout: 60_000 },
    );
    return [];
  } catch (error) {
    const message =
      String(error.stderr ?? '')
        .trim()
        .split('\n')
        .at(-1) || error.message;
    return [`${where}: the Python block does not parse: ${message}`];
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (process.argv.includes('--write')) {
    for (const doc of docFiles(root)) {
      const text = readFileSync(join(root, doc), 'utf8');
      const { snippets } = snippetsOf(root, doc, text);
      const after = withSnippetFiles(root, text, snippets);
      if (after !== text) {
        writeFileSync(join(root, doc), after);
        console.log(`${doc}: rewritten from ${snippets.length} snippet file(s)`);
      }
    }
  }
  const { snippets, problems } = readDocSnippets(root);
  if (problems.length > 0) {
    process.stderr.write(`doc-snippets: ${problems.length} problem(s)\n  ${problems.join('\n  ')}\n`);
    process.exit(1);
  }
  console.log(
    `doc-snippets: ${snippets.length} snippets in ${new Set(snippets.map((s) => s.doc)).size} docs match their files (${relative(root, join(root, SNIPPETS_DIR))}/ and the packages' snippets/)`,
  );
}
