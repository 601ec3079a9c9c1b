import { packageProject } from '../../../vitest.shared.ts';

export default packageProject('exa', { isolate: false });
