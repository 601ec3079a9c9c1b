import { defineProject } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources ("source" export condition), so tests need no build.
export function packageProject(name: string, extra: { setupFiles?: string[]; testTimeout?: number } = {}) {
  return defineProject({
    resolve: { conditions: ['source', 'module', 'node', 'import', 'default'] },
    ssr: { resolve: { conditions: ['source', 'node', 'import', 'default'] } },
    test: {
      name,
      environment: 'node',
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      testTimeout: extra.testTimeout ?? 15_000,
      setupFiles: extra.setupFiles ?? [],
    },
  });
}
