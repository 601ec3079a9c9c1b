// The memory layer alone, for adapters that load it only when a memory is configured: its module graph
// holds neither ioredis nor minisearch (the main entry's stores and index), so importing it costs little.
export { DEFAULT_RECALL_TIMEOUT_MS } from './recall-deadline.ts';
export type { RecalledFinding } from './search-memory.ts';
export {
  type LayerFinding,
  type LayerMemory,
  type MemoryPolicy,
  type MemoryPolicySource,
  type MemorySearchAnswer,
  type SearchMemoryLayerOptions,
  searchThroughMemory,
  trustMemoryPolicy,
  withSearchMemory,
} from './with-search-memory.ts';
