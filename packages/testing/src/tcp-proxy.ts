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
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
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
    setMode(next) {
      current = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
