import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineProject } from 'vitest/config';
import { HANG_MS } from './packages/testing/src/hang.ts';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * Every workspace export ("@agent-search/core", "@agent-search/livekit-tool/reader") mapped to its
 * TypeScript source (its "source" export condition), so tests need no build. Only our own packages: a
 * third-party package that also declares "source" (eventsource-parser) must load its built files.
 */
function workspaceSources(): { find: RegExp; replacement: string }[] {
  const aliases: { find: RegExp; replacement: string }[] = [];
  for (const parent of ['packages', 'packages/providers', 'apps']) {
    for (const entry of readdirSync(join(ROOT, parent), { withFileTypes: true })) {
      const dir = join(ROOT, parent, entry.name);
      if (!entry.isDirectory() || !existsSync(join(dir, 'package.json'))) continue;
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name: string;
        exports?: Record<string, { source?: string }>;
      };
      for (const [subpath, conditions] of Object.entries(pkg.exports ?? {})) {
        if (typeof conditions?.source !== 'string') continue;
        const specifier = `${pkg.name}${subpath.slice(1)}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
        aliases.push({ find: new RegExp(`^${specifier}$`), replacement: join(dir, conditions.source) });
      }
    }
  }
  return aliases;
}

const alias = workspaceSources();

export interface ProjectOptions {
  setupFiles?: string[];
  /**
   * false: the project's test files run one after another in the same worker, sharing its loaded modules,
   * instead of each in a fresh one (about a second and a half of start-up per file, several times that on
   * a loaded machine: five provider projects took 31 s instead of 176 s). Only for projects whose tests
   * leave no global state behind: no `vi.mock` (a module loaded by an earlier file stays unmocked), no
   * timers left faked; environment stubs are undone after each test. Core (a `vi.mock`), livekit-tool, cli,
   * agent and memory (process-wide state, module-load checks) keep a fresh worker per file.
   */
  isolate?: boolean;
  /**
   * The project's slow suites (real Redis, spawned processes, the hostile matrix), as globs: left out of
   * `pnpm test`, run by `pnpm test:integration`; CI (`.ci/run`) runs both in one run.
   */
  integration?: string[];
  /**
   * With `isolate: false`, the files that still need a fresh worker (a `vi.mock` of a module other files
   * load): left out of this project and run by `ownWorkerProject` (a `vitest.own-worker.config.ts`).
   */
  ownWorker?: string[];
}

/**
 * Which tests a run takes (AGENT_SEARCH_TESTS): "unit" (the default, `pnpm test`), "integration"
 * (`pnpm test:integration`) or "all" (`.ci/run`).
 */
export const SUITE = process.env.AGENT_SEARCH_TESTS ?? 'unit';

/**
 * Files run at once: one per core, at least two, where vitest's default is one fewer than the cores (one
 * on the 2-core reference machine). Many files mostly wait (on processes they start, loopback servers,
 * Redis), so a second worker fills the time the first spends waiting. Set on every project: a project does
 * not inherit the root's, and projects that run together must agree.
 */
export const MAX_WORKERS = Math.max(2, availableParallelism());
if (!['unit', 'integration', 'all'].includes(SUITE))
  throw new Error(`AGENT_SEARCH_TESTS must be unit, integration or all, not "${SUITE}"`);
const ALL_TESTS = ['src/**/*.test.ts', 'test/**/*.test.ts'];

function suiteFiles(integration: string[]): { include: string[]; exclude: string[] } {
  if (SUITE === 'integration') return { include: integration, exclude: configDefaults.exclude };
  if (SUITE === 'all') return { include: ALL_TESTS, exclude: configDefaults.exclude };
  return { include: ALL_TESTS, exclude: [...configDefaults.exclude, ...integration] };
}

function withExcluded(files: { include: string[]; exclude: string[] }, excluded: string[]) {
  return { include: files.include, exclude: [...files.exclude, ...excluded] };
}

/** The files of package `name` that need a fresh worker each (see `ProjectOptions.ownWorker`). */
export function ownWorkerProject(name: string, files: string[]) {
  const project = packageProject(`${name}:own-worker`, { isolate: true });
  const included = SUITE === 'integration' ? [] : files;
  return { ...project, test: { ...project.test, include: included, exclude: configDefaults.exclude } };
}

// Workspace packages resolve to their TypeScript sources (the aliases above), so tests need no build. Tests,
// hooks and polls fail when hung, never when slow (HANG_MS).
export function packageProject(name: string, extra: ProjectOptions = {}) {
  return defineProject({
    resolve: { alias },
    test: {
      name,
      environment: 'node',
      ...withExcluded(suiteFiles(extra.integration ?? []), extra.ownWorker ?? []),
      testTimeout: HANG_MS,
      hookTimeout: HANG_MS,
      maxWorkers: MAX_WORKERS,
      expect: { poll: { timeout: HANG_MS } },
      setupFiles: extra.setupFiles ?? [],
      isolate: extra.isolate ?? true,
      unstubEnvs: true,
    },
  });
}
