export { PROVIDER_DEFINITIONS } from './definitions.ts';
export { providerTable, providerUsage, TABLE_END, TABLE_START, withProviderTable } from './provider-table.ts';
