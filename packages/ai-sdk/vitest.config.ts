import { packageProject } from '../../vitest.shared.ts';

export default packageProject('ai-sdk', { isolate: false });
