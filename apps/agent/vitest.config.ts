import { packageProject } from '../../vitest.shared.ts';

export default packageProject('agent', {
  // The agent process started as LiveKit starts it.
  integration: ['test/startup.test.ts'],
});
