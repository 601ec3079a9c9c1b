/**
 * The work's result, or a rejection at the deadline (a `TimeoutError` naming `what`) or at the signal's
 * abort (its reason). The work itself runs on: a recall that gave up leaves the store's read going, so the
 * next recall finds it done.
 */
export function within<T>(
  running: Promise<T>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  what = 'search memory did not recall',
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DOMException(`${what} within ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    );
    if (signal) {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
    }
  });
  return Promise.race([running, late]).finally(() => {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  });
}
