import { Worker } from 'node:worker_threads';
import { ReadPageError, type ReadPageErrorCode } from './errors.ts';
import type { PageText, PageTextInput } from './page-text.ts';

// From the sources (tests), Node runs the TypeScript worker itself and resolves workspace packages to theirs.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(FROM_SOURCE ? './extract-worker.ts' : './extract-worker.js', import.meta.url);

// A 5 MB page parses into a few hundred MB of DOM at most; past that the page is refused, not the process.
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 768, stackSizeMb: 4 };

type Reply =
  | { ok: true; page: PageText }
  | { ok: false; error: string }
  | { ok: false; code: ReadPageErrorCode; message: string };

/** One started worker kept between reads (unreferenced: it never keeps the process alive). */
let idle: Worker | undefined;

function startWorker(): Worker {
  const worker = new Worker(WORKER_URL, {
    execArgv: FROM_SOURCE ? ['--conditions=source'] : [],
    resourceLimits: RESOURCE_LIMITS,
    stdout: false,
    stderr: false,
  });
  worker.on('exit', () => {
    if (idle === worker) idle = undefined;
  });
  // Errors are handled per read; this one keeps an idle worker's failure from becoming an uncaught error.
  worker.on('error', () => undefined);
  return worker;
}

/**
 * Starts the worker ahead of need, so loading the parser (a few hundred ms) overlaps the page's download.
 */
export function prepareWorker(): void {
  if (idle) return;
  idle = startWorker();
  idle.unref();
}

function unreadable(cause?: unknown): ReadPageError {
  return new ReadPageError(
    'unreadable',
    'That page is built in a way I cannot read (it may be broken or made to be slow).',
    cause === undefined ? {} : { cause },
  );
}

/**
 * `pageText(input)` on a worker thread. `signal` (the read's deadline and the caller's abort) terminates
 * the worker at once, whatever it is doing, and rejects with the signal's reason; the event loop of the
 * caller never runs the page's parsing, extraction or cleaning.
 */
export function pageTextOffThread(input: PageTextInput, signal: AbortSignal): Promise<PageText> {
  if (signal.aborted) return Promise.reject(signal.reason);
  const worker = idle ?? startWorker();
  idle = undefined;
  worker.ref();
  return new Promise<PageText>((resolve, reject) => {
    const settle = (retire: boolean) => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      signal.removeEventListener('abort', onAbort);
      if (retire || idle) void worker.terminate();
      else {
        worker.unref();
        idle = worker;
      }
    };
    const onMessage = (reply: Reply) => {
      settle(false);
      if (reply.ok) resolve(reply.page);
      else if ('code' in reply) reject(new ReadPageError(reply.code, reply.message));
      else reject(unreadable(reply.error));
    };
    const onError = (error: Error & { code?: string }) => {
      settle(true);
      reject(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ReadPageError('too_large', 'That page is too large to read.', { cause: error })
          : unreadable(error),
      );
    };
    const onExit = () => {
      settle(true);
      reject(unreadable());
    };
    const onAbort = () => {
      settle(true);
      reject(signal.reason);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    signal.addEventListener('abort', onAbort, { once: true });
    // Moved, not copied: a body of its own memory is handed over whole; a small one in Node's shared
    // buffer pool is copied first, since moving it would take the pool away from this thread.
    const { body } = input;
    const own =
      body.byteOffset === 0 &&
      body.byteLength === body.buffer.byteLength &&
      body.buffer instanceof ArrayBuffer;
    const sent = own ? body : new Uint8Array(body);
    worker.postMessage({ ...input, body: sent }, [sent.buffer as ArrayBuffer]);
  });
}
