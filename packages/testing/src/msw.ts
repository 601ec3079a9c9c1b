import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

export type MswServer = ReturnType<typeof setupServer>;

/**
 * One msw server per test file, intercepting fetch and node:http at the network edge. Unhandled requests
 * fail the test: no test may reach the real network.
 */
export function useMswServer(): MswServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** A response that never comes: resolves only when the request is aborted (or after `maxMs`). */
export function hang(request: Request, maxMs = 30_000): Promise<never> {
  return new Promise((_, reject) => {
    const timer = setTimeout(() => reject(new Error('hang() was not aborted')), maxMs);
    request.signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(request.signal.reason);
    });
  });
}
