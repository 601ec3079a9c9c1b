import { packageProject } from '../../vitest.shared.ts';

export default packageProject('mcp', { isolate: false });
