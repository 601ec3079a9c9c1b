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
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
