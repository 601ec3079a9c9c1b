import { packageProject } from '../../vitest.shared.ts';

export default packageProject('cli', {
  // The bin in processes of its own (bundle, Node check, exit, lazy imports, MCP, read, new providers) and
  // the cache, fleet state and memory on real Redis.
  integration: [
    'test/bundle.test.ts',
    'test/check-node.test.ts',
    'test/exit.test.ts',
    'test/lazy-imports.test.ts',
    'test/mcp.test.ts',
    'test/read.test.ts',
    'test/new-providers.test.ts',
    'test/cache.test.ts',
    'test/fleet-state.test.ts',
    'test/memory.test.ts',
  ],
});
