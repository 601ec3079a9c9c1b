import { packageProject } from '../../vitest.shared.ts';

// One worker for every file but text.test.ts, whose vi.mock('entities') needs a module registry of its own
// (vitest.own-worker.config.ts runs it).
export default packageProject('core', { isolate: false, ownWorker: ['src/text.test.ts'] });
