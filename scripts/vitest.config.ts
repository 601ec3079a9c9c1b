import { defineProject } from 'vitest/config';

// The repository's own scripts (the docs snippets check): not a package, tested in place.
export default defineProject({
  test: { name: 'scripts', environment: 'node', include: ['*.test.ts'], testTimeout: 60_000 },
});
