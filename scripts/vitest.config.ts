import { defineProject } from 'vitest/config';
import { HANG_MS } from '../packages/testing/src/hang.ts';
import { MAX_WORKERS, SUITE } from '../vitest.shared.ts';

// The repository's own scripts (the docs snippets check): not a package, tested in place.
export default defineProject({
  test: {
    name: 'scripts',
    environment: 'node',
    // Fast: part of `pnpm test`, not of `pnpm test:integration`.
    include: SUITE === 'integration' ? [] : ['*.test.ts'],
    testTimeout: HANG_MS,
    maxWorkers: MAX_WORKERS,
    hookTimeout: HANG_MS,
  },
});
