import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDocSnippets, snippetsOf, withSnippetFiles } from './doc-snippets.mjs';

const INSTALL = '```sh\nnpm i @agent-search/core @agent-search/provider-duckduckgo\n```\n';
const CODE = "import { createSearchClient } from '@agent-search/core';\nconsole.log(createSearchClient);\n";
const block = (code: string, marker?: string) =>
  `${marker ? `<!-- snippet: ${marker} -->\n` : ''}\`\`\`ts\n${code.replace(/\n$/, '')}\n\`\`\`\n`;

let root: string;
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'doc-snippets-'));
  write('README.md', '# A project\n');
  mkdirSync(join(root, 'docs'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('readDocSnippets', () => {
  it('finds a marked block equal to its file, with the install line above it', () => {
    write('docs/snippets/guide/search.ts', CODE);
    write(
      'docs/guide.md',
      `# Guide\n\n${INSTALL}\nSome prose.\n\n${block(CODE, 'docs/snippets/guide/search.ts')}`,
    );
    const { snippets, problems } = readDocSnippets(root);
    expect(problems).toEqual([]);
    expect(snippets).toHaveLength(1);
    expect(snippets[0]).toMatchObject({
      doc: 'docs/guide.md',
      file: 'docs/snippets/guide/search.ts',
      line: 10,
    });
    expect(snippets[0].install.specs).toEqual(['@agent-search/core', '@agent-search/provider-duckduckgo']);
  });

  it('names a TypeScript block that is no file yet, with what to do', () => {
    write('README.md', `# A project\n\n${INSTALL}\n${block(CODE)}`);
    const { problems } = readDocSnippets(root);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^README\.md:7: a ```ts block that is not a snippet file: move it to docs\/snippets\/readme\//,
    );
  });

  it('names a block that differs from its file, and --write makes them equal', () => {
    write('docs/snippets/guide/search.ts', CODE);
    const text = `# Guide\n\n${INSTALL}\n${block('const old = 1;\n', 'docs/snippets/guide/search.ts')}`;
    write('docs/guide.md', text);
    expect(readDocSnippets(root).problems).toEqual([
      "docs/guide.md:8: the block differs from docs/snippets/guide/search.ts (run `pnpm docs:snippets` to write the file's text into the doc)",
    ]);
    const rewritten = withSnippetFiles(root, text, snippetsOf(root, 'docs/guide.md', text).snippets);
    expect(rewritten).toBe(`# Guide\n\n${INSTALL}\n${block(CODE, 'docs/snippets/guide/search.ts')}`);
    write('docs/guide.md', rewritten);
    expect(readDocSnippets(root).problems).toEqual([]);
  });

  it('refuses a snippet without an install line above it, a missing file and a file no doc shows', () => {
    write('docs/snippets/guide/search.ts', CODE);
    write('docs/snippets/guide/unused.ts', CODE);
    write(
      'docs/guide.md',
      `${block(CODE, 'docs/snippets/guide/search.ts')}\n${INSTALL}\n${block(CODE, 'docs/snippets/guide/gone.ts')}`,
    );
    expect(readDocSnippets(root).problems).toEqual([
      'docs/guide.md:2: docs/snippets/guide/search.ts has no install line above it (a ```sh block with `npm i …`): a reader must see what to install',
      'docs/guide.md:12: the snippet file docs/snippets/guide/gone.ts does not exist',
      'docs/snippets/guide/unused.ts: no doc shows this snippet (a <!-- snippet: docs/snippets/guide/unused.ts --> marker above a block)',
    ]);
  });

  it("covers each package's README too, its snippets in the package's own folder", () => {
    write('packages/providers/example/README.md', `# Example\n\n${INSTALL}\n${block(CODE)}`);
    write('packages/core/snippets/search.ts', CODE);
    write(
      'packages/core/README.md',
      `# Core\n\n${INSTALL}\n${block(CODE, 'packages/core/snippets/search.ts')}`,
    );
    const { snippets, problems } = readDocSnippets(root);
    expect(snippets.map((s) => [s.doc, s.file])).toEqual([
      ['packages/core/README.md', 'packages/core/snippets/search.ts'],
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^packages\/providers\/example\/README\.md:7: a ```ts block that is not a snippet file: move it to packages\/providers\/example\/snippets\/<name>\.ts /,
    );
  });

  it("keeps a package's snippets in its own folder or docs/snippets/, and finds one no doc shows", () => {
    write('docs/snippets/guide/shared.ts', CODE);
    write('docs/guide.md', `# Guide\n\n${INSTALL}\n${block(CODE, 'docs/snippets/guide/shared.ts')}`);
    write('packages/core/snippets/search.ts', CODE);
    write('packages/core/snippets/unused.ts', CODE);
    write(
      'packages/core/README.md',
      `# Core\n\n${INSTALL}\n${block(CODE, 'packages/core/snippets/search.ts')}\n${block(CODE, 'docs/snippets/guide/shared.ts')}`,
    );
    write(
      'packages/cache/README.md',
      `# Cache\n\n${INSTALL}\n${block(CODE, 'packages/core/snippets/search.ts')}`,
    );
    expect(readDocSnippets(root).problems).toEqual([
      'packages/cache/README.md:8: the snippet file packages/core/snippets/search.ts should be packages/cache/snippets/<name>.ts',
      'packages/core/snippets/unused.ts: no doc shows this snippet (a <!-- snippet: packages/core/snippets/unused.ts --> marker above a block)',
    ]);
  });

  it('leaves other languages alone and checks Python blocks for syntax errors', (context) => {
    try {
      execFileSync('python3', ['--version'], { stdio: 'ignore' });
    } catch {
      context.skip();
    }
    write('docs/guide.md', '```json\n{ "a": [...] }\n```\n\n```python\nsession = AgentSession(\n```\n');
    const { problems } = readDocSnippets(root);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^docs\/guide\.md:5: the Python block does not parse: .+/);
  });
});

describe('the repository', () => {
  it('every docs snippet block matches its file (run `pnpm docs:snippets` when this fails)', () => {
    const repo = join(import.meta.dirname, '..');
    expect(readDocSnippets(repo).problems).toEqual([]);
    expect(readFileSync(join(repo, 'README.md'), 'utf8')).toContain('<!-- snippet: docs/snippets/readme/');
  });
});
