import { Agent, type AgentOptions } from 'node:https';
import { connect, type Socket } from 'node:net';

/**
 * An `https.Agent` that sends every connection to the simulator, as plain TCP. A peer library that calls
 * fixed https URLs through an HTTP client accepting an `agent` (e.g. `needle`) is given this one: the
 * requests (and their Host headers, which the simulator routes by) are unchanged, but no DNS, no TLS and no
 * packet leaves the machine. Skipping TLS makes a measured overhead stricter, never kinder.
 */
export class SimulatorAgent extends Agent {
  readonly #port: number;
  readonly #host: string;

  constructor(port: number, host = '127.0.0.1', options: AgentOptions = {}) {
    super({ keepAlive: true, ...options });
    this.#port = port;
    this.#host = host;
  }

  // Node's Agent opens each new socket through this; returning it synchronously is what net.createConnection does.
  override createConnection(): Socket {
    return connect({ host: this.#host, port: this.#port });
  }
}
