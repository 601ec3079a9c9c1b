import { Bulkhead, type Logger, silentLogger } from '@agent-search/core';
import { readPageTool as readPageLayerTool } from '@agent-search/core/tool';
import type { PageReader } from '@agent-search/core/views';
import { readPage } from '@agent-search/reader';
import { mcpTool } from './layer-tool.ts';
import type { McpTool } from './tool.ts';

const DEFAULT_MAX_CHARS = 20_000;
/** For a read with no caller's signal: it waits for its slot until the queue lets it in. */
const NO_SIGNAL = new AbortController().signal;
/**
 * Pages read at once by one tool (every session of a server shares it). A read holds up to 5 MB of body
 * and its DOM, tens of MB for a big page: two at once keep a server's memory in the low hundreds of MB.
 */
export const DEFAULT_MAX_CONCURRENT_READS = 2;
/** Reads waiting for a slot; more are refused at once with a "busy" tool error. */
export const DEFAULT_MAX_QUEUED_READS = 16;

export interface ReadPageToolOptions {
  /** How pages are read: default `readPage` (a page cache in front of it is a good idea). */
  read?: PageReader;
  logger?: Logger;
  /** Reads running at once. Default `DEFAULT_MAX_CONCURRENT_READS` (2). */
  maxConcurrent?: number;
  /** Reads waiting for their turn (each until its call is cancelled). Default `DEFAULT_MAX_QUEUED_READS` (16). */
  maxQueued?: number;
  /** Longest text handed to the model, cut on a paragraph boundary. Default 20,000 characters. */
  maxChars?: number;
}

/**
 * The `read_page` tool: core's layer tool (one argument reading, one failure rendering) through the
 * generic adapter. The reader's guards apply (public addresses only, robots.txt, size and time limits),
 * and reads share one budget (`maxConcurrent` running, `maxQueued` waiting), so no number of calls or
 * sessions multiplies the memory; a full queue answers "busy" at once.
 */
export function readPageTool(options: ReadPageToolOptions = {}): McpTool {
  const read = options.read ?? readPage;
  const logger = options.logger ?? silentLogger;
  const budget = new Bulkhead(
    options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT_READS,
    options.maxQueued ?? DEFAULT_MAX_QUEUED_READS,
  );
  return mcpTool(
    readPageLayerTool({
      read: (url, readOptions) => budget.run(readOptions.signal ?? NO_SIGNAL, () => read(url, readOptions)),
      maxChars: options.maxChars ?? DEFAULT_MAX_CHARS,
      onFailure: (failure) => {
        if (failure.code === 'busy')
          logger.warn({ running: budget.running }, 'read_page refused: too many page reads waiting');
        else if (failure.code === 'unexpected') logger.warn({ code: failure.code }, 'read_page failed');
        else if (failure.code !== 'cancelled')
          logger.info({ code: failure.code }, 'read_page could not read the page');
      },
    }),
  );
}
