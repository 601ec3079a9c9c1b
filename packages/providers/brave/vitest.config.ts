import { packageProject } from '../../../vitest.shared.ts';

export default packageProject('brave', { isolate: false });
