/**
 * Settles with `promise`, or rejects with the signal's reason as soon as `signal` aborts. The late
 * result of `promise` is ignored (its rejection is handled, so it never becomes an unhandled one).
 * For providers whose SDK takes no AbortSignal (or notices it late): the caller is released at once.
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
