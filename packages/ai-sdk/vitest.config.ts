import { packageProject } from '../../vitest.shared.ts';

export default packageProject('ai-sdk', {
  isolate: false,
  // The shared memory on real Redis.
  integration: ['test/memory.test.ts'],
});
