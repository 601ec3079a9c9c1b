// Rewrites the provider tables in the README and docs/providers/README.md from the registry.
import { readFileSync, writeFileSync } from 'node:fs';
import { withProviderTable } from '../src/provider-table.ts';
import { PROVIDER_TABLE_PAGES, tableFor } from './provider-docs.ts';

const root = new URL('../../../', import.meta.url);
for (const { page, docsPath } of PROVIDER_TABLE_PAGES) {
  const file = new URL(page, root);
  const before = readFileSync(file, 'utf8');
  const after = withProviderTable(before, tableFor(docsPath));
  if (after !== before) writeFileSync(file, after);
  console.log(`${page}: ${after === before ? 'up to date' : 'rewritten'}`);
}
