// Its own module so the memory layer (`./layer`) can use it without loading the search memory's index.
// The value is the tool layer's (core), which runs the recall for every surface.
export { DEFAULT_RECALL_TIMEOUT_MS } from '@agent-search/core/tool';
