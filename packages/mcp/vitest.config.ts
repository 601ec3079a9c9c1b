import { packageProject } from '../../vitest.shared.ts';

export default packageProject('mcp', {
  isolate: false,
  // Spawned servers (stdio, start-up, configuration errors) and the shared memory on real Redis.
  integration: [
    'test/stdio.test.ts',
    'test/protocol-eras-stdio.test.ts',
    'test/startup.test.ts',
    'test/config-errors.test.ts',
    'test/memory.test.ts',
  ],
});
