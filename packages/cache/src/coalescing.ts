import { raceAbort } from '@agent-search/core';

const RETRY = Symbol('retry');
type FlightOutcome<T> = T | typeof RETRY;

/**
 * One run shared by every concurrent caller with the same key. It starts when its first caller was
 * admitted (`open`), and is aborted only when every caller waiting on it gave up.
 */
class Flight<T> {
  readonly size: number;
  readonly controller = new AbortController();
  readonly #outcome: Promise<FlightOutcome<T>>;
  #open!: (go: boolean) => void;
  #waiters = 0;
  readonly #onAbandon: () => void;

  constructor(size: number, run: (signal: AbortSignal) => Promise<T>, onAbandon: () => void) {
    this.size = size;
    this.#onAbandon = onAbandon;
    const gate = new Promise<boolean>((resolve) => {
      this.#open = resolve;
    });
    this.#outcome = gate.then<FlightOutcome<T>>((go) => (go ? run(this.controller.signal) : RETRY));
    this.#outcome.catch(() => {}); // an abandoned flight's rejection has no listener
  }

  open(): void {
    this.#open(true);
  }

  /** The first caller was refused: the others retry, one of them becoming the first. */
  cancel(): void {
    this.#open(false);
  }

  /** The flight's outcome for one caller; when the last caller's signal aborts, the run is abandoned. */
  join(signal: AbortSignal | undefined): Promise<FlightOutcome<T>> {
    this.#waiters++;
    if (!signal) return this.#outcome;
    const leave = () => {
      if (--this.#waiters > 0) return;
      this.#onAbandon();
      this.controller.abort(new DOMException('Every caller gave up on the search', 'AbortError'));
    };
    if (signal.aborted) leave();
    else {
      signal.addEventListener('abort', leave, { once: true });
      const detach = () => signal.removeEventListener('abort', leave);
      this.#outcome.then(detach, detach);
    }
    return raceAbort(this.#outcome, signal);
  }
}

/** One call of `Coalescing.run`. */
export interface CoalescedCall<T> {
  /** What makes two calls the same work (the cache key). */
  key: string;
  /** How much the call asks for (results): it joins a run of the same key asking for at least as much. */
  size: number;
  /** The caller's signal: it stops waiting; the run is aborted when every caller waiting on it has left. */
  signal?: AbortSignal;
  /**
   * Called for the caller that would start a run, before it starts (the per-user limit): when it throws,
   * the caller gets the error and no run starts for it; callers that joined meanwhile try again, one of
   * them starting the run after its own `admit`. Callers that join a run are never admitted: only the
   * first caller passes the per-user limit.
   */
  admit: () => Promise<void>;
  /** The work itself, with the run's own signal (aborted when every caller has left). */
  run: (signal: AbortSignal) => Promise<T>;
}

/**
 * Request coalescing: concurrent calls with the same key share one run, whose outcome (an answer or an
 * error) each of them gets. The cache runs its misses through it, so 50 identical searches cost one
 * upstream search, one refresh lease and one write.
 */
export class Coalescing<T> {
  readonly #flights = new Map<string, Flight<T>>();

  /** Runs in progress, for tests and metrics. */
  get size(): number {
    return this.#flights.size;
  }

  async run(call: CoalescedCall<T>): Promise<T> {
    const { key, size, signal } = call;
    for (;;) {
      signal?.throwIfAborted();
      const running = this.#flights.get(key);
      if (running && running.size >= size) {
        const outcome = await running.join(signal);
        if (outcome === RETRY) continue;
        return outcome;
      }
      const flight = this.#start(key, size, call.run);
      // Join before admitting, so callers joining meanwhile cannot abandon the flight without us.
      const joined = flight.join(signal);
      joined.catch(() => {});
      try {
        await call.admit();
      } catch (error) {
        this.#forget(key, flight);
        flight.cancel();
        throw error;
      }
      flight.open();
      const outcome = await joined;
      if (outcome === RETRY) continue; // unreachable: only a refused first caller cancels
      return outcome;
    }
  }

  #start(key: string, size: number, run: (signal: AbortSignal) => Promise<T>): Flight<T> {
    const flight: Flight<T> = new Flight(
      size,
      async (signal) => {
        try {
          return await run(signal);
        } finally {
          this.#forget(key, flight);
        }
      },
      () => this.#forget(key, flight),
    );
    // A bigger run replaces a smaller one for later callers; the smaller one's callers keep theirs.
    this.#flights.set(key, flight);
    return flight;
  }

  #forget(key: string, flight: Flight<T>): void {
    if (this.#flights.get(key) === flight) this.#flights.delete(key);
  }
}
