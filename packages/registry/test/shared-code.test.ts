import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROVIDER_DEFINITIONS } from '../src/index.ts';

// Shared test code names no provider: a provider's wire format lives in its own package (its kit), so a
// new provider needs no edit here. The bench's figures and the files that measure named providers (the
// default chain, DuckDuckGo's own endpoints) are the exception, listed below.
const root = new URL('../../../', import.meta.url);
const BENCH_MEASURES_NAMED_PROVIDERS = new Set([
  'upstreams.ts',
  'fault-scenarios.ts',
  'duckduckgo-answers.ts',
  'load.ts',
  'starvation.ts',
  'reliability-report.ts',
  'report.ts',
  'hostile-upstreams.ts',
  'hostile-input.ts',
  'hostile-answers.ts',
  'shared-state-model.ts',
]);

/**
 * The repository's scripts that name a provider on purpose: the consumer check's tarball smoke test
 * searches through the keyless default provider against an endpoint of that provider's shape, and plays one
 * provider's site filter; the runtime matrix runs named providers (the keyless one and a keyed one) in each
 * runtime; the provider scaffold check copies the template provider the docs name (adding-a-provider.md).
 * The docs check's key variables and hosts are derived (snippet-routes.mjs).
 */
const SCRIPTS_NAMING_PROVIDERS = (path: string) =>
  path === 'consumer-check.mjs' ||
  path === 'provider-scaffold-check.mjs' ||
  path === 'runtime-matrix.mjs' ||
  path.startsWith('runtime-matrix/');

function sources(dir: string, keep: (path: string) => boolean = () => true): string[] {
  return readdirSync(new URL(dir, root), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(ts|mjs|cjs)$/.test(path) && keep(path))
    .map((path) => `${dir}${path}`);
}

const SHARED = [
  ...sources('packages/testing/src/'),
  ...sources(
    'packages/bench/src/',
    (path) => !path.startsWith('figures/') && !BENCH_MEASURES_NAMED_PROVIDERS.has(path),
  ),
  ...sources('scripts/', (path) => !SCRIPTS_NAMING_PROVIDERS(path)),
];

/** Every registered provider's id and name, as whole words. */
const names = PROVIDER_DEFINITIONS.flatMap((d) => [d.id, d.name]);
const named = new RegExp(
  `(?<![\\w-])(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w-])`,
  'i',
);

describe('shared test code', () => {
  it('is found where it is looked for', () => {
    expect(SHARED).toContain('packages/testing/src/simulator/server.ts');
    expect(SHARED).toContain('packages/bench/src/fault-matrix.ts');
    expect(SHARED).toContain('scripts/snippet-loopback.mjs');
    expect(SHARED).toContain('scripts/snippet-routes.mjs');
    expect(named.test('the Brave answer')).toBe(true);
    expect(named.test('a hostile-braver test')).toBe(false);
  });

  it.each(SHARED)('%s names no registered provider', (path) => {
    const lines = readFileSync(new URL(path, root), 'utf8').split('\n');
    const naming = lines.flatMap((line, i) => (named.test(line) ? [`${i + 1}: ${line.trim()}`] : []));
    expect(naming).toEqual([]);
  });
});
