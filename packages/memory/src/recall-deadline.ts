// Its own module so the memory layer (`./layer`) can use it without loading the search memory's index.

/** Default deadline of one recall: a voice agent searches rather than wait for its memory. */
export const DEFAULT_RECALL_TIMEOUT_MS = 500;
