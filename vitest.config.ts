import { defineConfig } from 'vitest/config';

// One run over every package: each package with a vitest.config.ts is a project.
export default defineConfig({
  test: {
    projects: ['packages/*', 'packages/providers/*', 'apps/*'],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
