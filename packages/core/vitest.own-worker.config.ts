import { ownWorkerProject } from '../../vitest.shared.ts';

// text.test.ts counts the decoder's work through vi.mock('entities'): a fresh worker, so core's modules
// load with the mock in place.
export default ownWorkerProject('core', ['src/text.test.ts']);
