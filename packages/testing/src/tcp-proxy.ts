import { once } from 'node:events';
import { createConnection, createServer, type Socket } from 'node:net';

/** How the proxy treats what the server sends back. */
export type ProxyMode =
  /** Forwarded as it comes. */
  | { kind: 'pass' }
  /** Forwarded after `ms`, in order: a slow network or an overloaded server. */
  | { kind: 'delay'; ms: number }
  /** Swallowed: the connection stays open and nothing ever answers (a hung server, a black hole). */
  | { kind: 'stall' };

export interface TcpProxy {
  /** `redis://127.0.0.1:<port>` style: the proxy's port on loopback. */
  readonly port: number;
  /** Changes the mode for everything sent from now on, on open connections too. */
  setMode(mode: ProxyMode): void;
  /**
   * The name of every Redis command clients sent through the proxy, in order ("GET", "SET", "PING"…), read
   * from the RESP arrays they write: what a test counts instead of timing (a store that skips Redis sends
   * nothing). Empty for another protocol.
   */
  readonly commands: readonly string[];
  close(): Promise<void>;
}

/**
 * A loopback TCP proxy in front of a real server (redis-server in the tests), to play the network's part:
 * answers delayed, or never sent while the connection stays up. Requests always reach the server.
 */
export async function startTcpProxy(
  targetPort: number,
  mode: ProxyMode = { kind: 'pass' },
): Promise<TcpProxy> {
  let current = mode;
  const sockets = new Set<Socket>();
  const commands: string[] = [];
  const server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: targetPort });
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    const reader = respCommandReader((name) => commands.push(name));
    client.on('data', (chunk: Buffer) => {
      reader(chunk);
      upstream.write(chunk);
    });
    // Delayed answers keep their order: each is sent after the one before it.
    let last = Promise.resolve();
    upstream.on('data', (chunk: Buffer) => {
      const m = current;
      if (m.kind === 'stall') return;
      if (m.kind === 'pass') {
        last = last.then(() => void client.write(chunk));
        return;
      }
      const due = Date.now() + m.ms;
      last = last.then(
        () =>
          new Promise<void>((resolve) =>
            setTimeout(
              () => {
                if (!client.destroyed) client.write(chunk);
                resolve();
              },
              Math.max(0, due - Date.now()),
            ),
          ),
      );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    commands,
    setMode(next) {
      current = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Reads the command names out of a client's RESP stream (arrays of bulk strings, pipelined or split across
 * chunks as they come) and hands each to `found`. Anything else ends the reading for that connection.
 */
function respCommandReader(found: (name: string) => void): (chunk: Buffer) => void {
  let pending = '';
  let broken = false;
  return (chunk) => {
    if (broken) return;
    pending += chunk.toString('latin1');
    for (;;) {
      const command = readCommand(pending);
      if (command === undefined) return;
      if (command === null) {
        broken = true;
        return;
      }
      found(command.name.toUpperCase());
      pending = pending.slice(command.length);
    }
  };
}

/** The first command in `text`: undefined when it is not complete yet, null when it is not RESP. */
function readCommand(text: string): { name: string; length: number } | undefined | null {
  if (text === '') return undefined;
  if (text[0] !== '*') return null;
  let at = 0;
  const line = () => {
    const end = text.indexOf('\r\n', at);
    if (end === -1) return undefined;
    const value = text.slice(at, end);
    at = end + 2;
    return value;
  };
  const header = line();
  if (header === undefined) return undefined;
  const count = Number(header.slice(1));
  if (!Number.isInteger(count) || count < 1) return null;
  let name = '';
  for (let i = 0; i < count; i++) {
    const size = line();
    if (size === undefined) return undefined;
    if (size[0] !== '$') return null;
    const bytes = Number(size.slice(1));
    if (!Number.isInteger(bytes) || bytes < 0) return null;
    if (text.length < at + bytes + 2) return undefined;
    if (i === 0) name = text.slice(at, at + bytes);
    at += bytes + 2;
  }
  return { name, length: at };
}
