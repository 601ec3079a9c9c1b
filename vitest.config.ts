import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run over every package: each package's vitest.config.ts is a project (globbing folders would also
// pick up packages/providers itself and run every provider's tests twice).
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'packages/*/vitest.own-worker.config.ts',
      'packages/providers/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'scripts/vitest.config.ts',
    ],
    // A worker per core, not vitest's default of one fewer (one worker on the 2-core reference machine):
    // many files mostly wait (on processes they start, on loopback servers, on Redis), so a second worker
    // fills the time one spends waiting.
    maxWorkers: Math.max(2, availableParallelism()),
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
