import { packageProject } from '../../../vitest.shared.ts';

export default packageProject('perplexity', { isolate: false });
