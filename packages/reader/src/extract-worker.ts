/**
 * The extraction worker's entry: reads a page's text off the main thread, one page per message, so a page
 * built to be slow costs this thread, which the reader terminates at the read's deadline.
 */
import { parentPort } from 'node:worker_threads';
import { ReadPageError } from './errors.ts';
import { type PageTextInput, pageText } from './page-text.ts';

const port = parentPort;
if (!port) throw new Error('extract-worker.ts runs as a worker thread only');

port.on('message', (input: PageTextInput) => {
  try {
    port.postMessage({ ok: true, page: pageText(input) });
  } catch (error) {
    // A read that failed for a reason of its own (no text): its code and sentence cross as they are.
    if (ReadPageError.is(error)) {
      port.postMessage({ ok: false, code: error.code, message: error.message });
      return;
    }
    // A stack overflow or a parser bug on a hostile page: a failed read, never a crash of the process.
    port.postMessage({ ok: false, error: error instanceof Error ? error.name : typeof error });
  }
});
