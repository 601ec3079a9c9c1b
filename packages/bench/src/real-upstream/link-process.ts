// A simulated network link in a process of its own: a TCP proxy on port 443 of a loopback address
// (argv[2]) to the upstream at argv[3]:443, adding half the round-trip time (argv[4], ms) to every chunk
// each way and pacing each direction at argv[5] Mbit/s, shared by every connection as on one access
// link. Sends `{ ready: true }` once listening.
import { once } from 'node:events';
import { createConnection, createServer, type Socket } from 'node:net';

const [address, upstream] = [process.argv[2]!, process.argv[3]!];
const rttMs = Number(process.argv[4]);
const bytesPerMs = (Number(process.argv[5]) * 1_000_000) / 8 / 1000;

/**
 * One direction of the link: chunks leave in order, each once the one before has gone out at the link's
 * rate, and arrive half a round trip later. One timer per direction keeps them in order.
 */
class Direction {
  #free = 0;
  readonly #queue: { due: number; chunk: Buffer; to: Socket }[] = [];
  #timer: NodeJS.Timeout | undefined;

  send(chunk: Buffer, to: Socket): void {
    const start = Math.max(performance.now(), this.#free);
    this.#free = start + chunk.byteLength / bytesPerMs;
    this.#queue.push({ due: this.#free + rttMs / 2, chunk, to });
    this.#schedule();
  }

  #schedule(): void {
    if (this.#timer || this.#queue.length === 0) return;
    this.#timer = setTimeout(() => this.#deliver(), Math.max(0, this.#queue[0]!.due - performance.now()));
  }

  #deliver(): void {
    this.#timer = undefined;
    const now = performance.now();
    while (this.#queue.length > 0 && this.#queue[0]!.due <= now + 0.5) {
      const { chunk, to } = this.#queue.shift()!;
      if (!to.destroyed) to.write(chunk);
    }
    this.#schedule();
  }
}

const up = new Direction();
const down = new Direction();
const server = createServer({ noDelay: true }, (client) => {
  const target = createConnection({ host: upstream, port: 443, noDelay: true });
  const drop = () => {
    client.destroy();
    target.destroy();
  };
  client.on('error', drop).on('close', drop);
  target.on('error', drop).on('close', drop);
  client.on('data', (chunk: Buffer) => up.send(chunk, target));
  target.on('data', (chunk: Buffer) => down.send(chunk, client));
});
server.listen(443, address);
await once(server, 'listening');
process.on('disconnect', () => {
  server.close();
  process.exit(0);
});
process.send!({ ready: true });
