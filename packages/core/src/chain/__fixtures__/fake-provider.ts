import { SearchError } from '../../errors.ts';
import type { ProviderResponse, SearchProviderV1 } from '../../provider.ts';

/** How a fake provider behaves on each call. */
export type Behaviour =
  /** Answers with `n` results after `ms`. */
  | { kind: 'answer'; ms: number; n?: number }
  /** Never answers; rejects with the signal's reason when aborted. */
  | { kind: 'hang' }
  /** Never answers and ignores its signal; rejects much later (so a late rejection is exercised too). */
  | { kind: 'hang-ignoring-signal' }
  /** Fails with `code` after `ms`. */
  | { kind: 'fail'; code: SearchError['code']; ms: number; retryAfterMs?: number };

export interface FakeProvider extends SearchProviderV1 {
  calls: number;
  inFlight: number;
  maxInFlight: number;
  behave(next: Behaviour | ((call: number) => Behaviour)): void;
}

/**
 * A provider that behaves as told, with timers only (so fake timers drive it): the chain's tests are about
 * the chain, not about HTTP (the client tests over msw and loopback cover that).
 */
export function fakeProvider(id: string, initial: Behaviour): FakeProvider {
  let behaviour: Behaviour | ((call: number) => Behaviour) = initial;
  const provider: FakeProvider = {
    specificationVersion: 'v1',
    id,
    name: id,
    configured: true,
    capabilities: {
      modes: ['text', 'news', 'videos'],
      timeRange: true,
      domainFilter: 'native',
      safeSearch: true,
      region: true,
      requiresApiKey: false,
    },
    calls: 0,
    inFlight: 0,
    maxInFlight: 0,
    behave(next) {
      behaviour = next;
    },
    search(_request, { signal }) {
      provider.calls++;
      provider.inFlight++;
      provider.maxInFlight = Math.max(provider.maxInFlight, provider.inFlight);
      const b = typeof behaviour === 'function' ? behaviour(provider.calls) : behaviour;
      const done = () => provider.inFlight--;
      return new Promise<ProviderResponse>((resolve, reject) => {
        const honour = (timer?: ReturnType<typeof setTimeout>) =>
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(signal.reason);
          });
        if (b.kind === 'answer') {
          const timer = setTimeout(() => {
            resolve({
              results: Array.from({ length: b.n ?? 3 }, (_, i) => ({
                title: `${id} ${i}`,
                url: `https://${id}.example/${provider.calls}/${i}`,
                snippet: `from ${id}`,
              })),
            });
          }, b.ms);
          honour(timer);
        } else if (b.kind === 'hang') {
          honour();
        } else if (b.kind === 'hang-ignoring-signal') {
          setTimeout(() => reject(new Error('late failure nobody awaits')), 600_000);
        } else {
          const timer = setTimeout(
            () =>
              reject(
                new SearchError(b.code, `${id} failed with ${b.code}`, {
                  provider: id,
                  ...(b.retryAfterMs ? { retryAfterMs: b.retryAfterMs } : {}),
                }),
              ),
            b.ms,
          );
          honour(timer);
        }
      }).finally(done);
    },
  };
  return provider;
}
