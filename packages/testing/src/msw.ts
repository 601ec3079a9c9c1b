import { HttpResponse } from 'msw';
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

/**
 * A response that never comes. When the client aborts, it answers with a network error (nobody reads it)
 * rather than throwing, which msw would report as an unhandled exception in the handler.
 */
export function hang(request: Request, maxMs = 30_000): Promise<Response> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('hang() was not aborted')), maxMs);
    request.signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(HttpResponse.error());
    });
  });
}
