import { http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type HostileUpstream, startHostileUpstream } from './hostile-upstream.ts';
import type { MswServer } from './msw.ts';

/**
 * One hostile upstream per test file, like `useMswServer`: started before the file's tests, reset before
 * each, closed after. With the file's msw `server`, requests to it pass through msw (which fails any
 * request it has no handler for). The upstream it returns may be used anywhere in the file.
 */
export function useHostileUpstream(server?: MswServer): HostileUpstream {
  let started: HostileUpstream | undefined;
  const upstream = () => {
    if (!started) throw new Error('the hostile upstream starts before the tests (in beforeAll)');
    return started;
  };
  beforeAll(async () => {
    started = await startHostileUpstream();
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    upstream().reset();
    server?.use(http.all(`${upstream().origin}/*`, () => passthrough()));
  });
  return {
    get origin() {
      return upstream().origin;
    },
    get requests() {
      return upstream().requests;
    },
    baseURL: (kit) => upstream().baseURL(kit),
    answer: (target, answer) => upstream().answer(target, answer),
    bytesSent: (target) => upstream().bytesSent(target),
    openConnections: () => upstream().openConnections(),
    reset: () => upstream().reset(),
    close: () => upstream().close(),
  };
}
