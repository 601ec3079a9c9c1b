import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The chain, the cache and the memory are compositions of small named parts (issue 34): a reader holds one
// function at a time. This guard keeps it so: no function or method in their sources is longer than
// MAX_LINES, counted from its first line to its last, inner functions included (a long closure is one long
// function however many small ones it holds). Tests are not parts: `describe` callbacks are lists.
const MAX_LINES = 80;
const root = new URL('../../../', import.meta.url);
const GUARDED = ['packages/core/src/', 'packages/cache/src/', 'packages/memory/src/'];

function sources(dir: string): string[] {
  return readdirSync(new URL(dir, root), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.ts$/.test(path) && !/\.test\.ts$|(^|\/)__fixtures__\//.test(path))
    .map((path) => `${dir}${path}`);
}

/** What a reader would call the function: its declared name, or the name it is assigned to. */
function nameOf(node: ts.FunctionLikeDeclaration, file: ts.SourceFile): string {
  if (node.name) return node.name.getText(file);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText(file);
  }
  if (ts.isPropertyDeclaration(parent)) return parent.name.getText(file);
  return '<anonymous>';
}

interface LongFunction {
  name: string;
  path: string;
  lines: number;
}

/** Every function-like node in `text` longer than `max` lines. */
function longFunctions(path: string, text: string, max = MAX_LINES): LongFunction[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const fn = node as ts.FunctionLikeDeclaration;
      const first = file.getLineAndCharacterOfPosition(fn.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(fn.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push({ name: nameOf(fn, file), path, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const FILES = GUARDED.flatMap(sources);

describe('function length in core, cache and memory', () => {
  it('finds the sources and measures what it should', () => {
    expect(FILES).toContain('packages/core/src/chain/scheduler.ts');
    expect(FILES).toContain('packages/cache/src/answer-cache.ts');
    expect(FILES).toContain('packages/memory/src/search-memory.ts');
    expect(FILES.some((path) => path.endsWith('.test.ts'))).toBe(false);
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      `export function short() {\n${body(78)}\n}`,
      `export const arrow = () => {\n${body(79)}\n};`,
      `class Holder {\n  method() {\n${body(3)}\n    const inner = function () {\n${body(80)}\n    };\n  }\n}`,
    ].join('\n');
    expect(longFunctions('sample.ts', text)).toEqual([
      { name: 'arrow', path: 'sample.ts', lines: 81 },
      { name: 'method', path: 'sample.ts', lines: 87 },
      { name: 'inner', path: 'sample.ts', lines: 82 },
    ]);
  });

  it(`has no function longer than ${MAX_LINES} lines`, () => {
    const long = FILES.flatMap((path) => longFunctions(path, readFileSync(new URL(path, root), 'utf8')));
    expect(long.map(({ name, path, lines }) => `${name}:${path}:${lines}`)).toEqual([]);
  });
});
