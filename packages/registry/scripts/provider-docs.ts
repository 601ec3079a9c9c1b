import { PROVIDER_DEFINITIONS } from '../src/definitions.ts';
import { providerTable } from '../src/provider-table.ts';

/** The pages that carry the generated provider table, relative to the repository root, and where each finds the provider pages. */
export const PROVIDER_TABLE_PAGES = [
  { page: 'README.md', docsPath: 'docs/providers/' },
  { page: 'docs/providers/README.md', docsPath: './' },
] as const;

export function tableFor(docsPath: string): string {
  return providerTable(PROVIDER_DEFINITIONS, docsPath);
}
