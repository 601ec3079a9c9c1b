import { packageProject } from '../../vitest.shared.ts';

export default packageProject('legal-cn', { isolate: false });
