/**
 * The tool calls running now, so a shutdown can let them finish within a deadline and abort the rest
 * (a search's abort settles it within moments: every provider call and cache wait honours the signal).
 */
export class InFlightCalls {
  readonly #calls = new Map<Promise<unknown>, AbortController>();
  #closing = false;

  get size(): number {
    return this.#calls.size;
  }

  get closing(): boolean {
    return this.#closing;
  }

  /** Runs `fn` with a signal aborted by `signal` or by a shutdown that runs out of time. */
  run<T>(signal: AbortSignal, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const forward = () => controller.abort(signal.reason);
    if (signal.aborted) forward();
    else signal.addEventListener('abort', forward, { once: true });
    const call = fn(controller.signal).finally(() => {
      signal.removeEventListener('abort', forward);
      this.#calls.delete(call);
    });
    this.#calls.set(call, controller);
    return call;
  }

  /**
   * Refuses new calls, waits up to `deadlineMs` for the running ones, then aborts those still running
   * and waits (at most `graceMs` more) for them to answer.
   */
  async drain(deadlineMs: number, graceMs = 1_000): Promise<{ finished: number; aborted: number }> {
    this.#closing = true;
    const started = this.#calls.size;
    if (started === 0) return { finished: 0, aborted: 0 };
    await settledWithin([...this.#calls.keys()], deadlineMs);
    const late = [...this.#calls.entries()];
    for (const [, controller] of late) controller.abort(new Error('the server is shutting down'));
    await settledWithin(
      late.map(([call]) => call),
      graceMs,
    );
    return { finished: started - late.length, aborted: late.length };
  }
}

async function settledWithin(calls: Promise<unknown>[], ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled(calls), deadline]);
  clearTimeout(timer);
}
