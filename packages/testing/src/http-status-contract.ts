import { isSearchError, type SearchError, type SearchErrorCode } from '@agent-search/core';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ProviderKit } from './kit.ts';
import type { MswServer } from './msw.ts';
import { searchRequest } from './requests.ts';
import { requestsDuring } from './search-api.ts';

export interface HttpStatusContractOptions {
  /** The provider's test kit: its definition, how to build it, its error envelope (`error`). */
  kit: ProviderKit;
  server: MswServer;
  /** Statuses whose code differs from the common mapping (a provider's own meaning for them). */
  codes?: Readonly<Record<number, SearchErrorCode>>;
}

// Not the provider's own host: the provider is pointed here, so every request it makes is answered below.
const ORIGIN = 'https://status-contract.test';
const COMMON: Readonly<Record<number, SearchErrorCode>> = {
  401: 'unauthorized',
  403: 'unauthorized',
  429: 'rate_limited',
  500: 'unavailable',
  502: 'unavailable',
  503: 'unavailable',
};

/**
 * The HTTP statuses every keyed API provider maps the same way, each answered in the provider's own
 * error envelope (`kit.error`) quoting the key: 401 and 403 are `unauthorized`, 429 is `rate_limited`
 * waiting as long as Retry-After says, 5xx is `unavailable`; the status is kept, and the key is never in
 * the message. Without its key variable the provider is not configured and fails `unauthorized` naming
 * the variable, before any request; its definition loads the package that builds it.
 */
export function describeHttpStatusContract(name: string, options: HttpStatusContractOptions): void {
  const { kit, server } = options;
  const { definition } = kit;
  const key = kit.apiKey;
  const keyEnv = definition.apiKeyEnv;
  if (!key || !keyEnv) throw new TypeError(`describeHttpStatusContract: the ${name} kit has no key`);
  const provider = () => kit.create({ apiKey: key, baseURL: `${ORIGIN}/api` });
  const failure = async (status: number, headers: Record<string, string> = {}): Promise<SearchError> => {
    const { contentType, body } = kit.error(status, `invalid or revoked key ${key}`);
    server.use(
      http.all(
        `${ORIGIN}/*`,
        () => new HttpResponse(body, { status, headers: { 'content-type': contentType, ...headers } }),
      ),
    );
    const error = await provider()
      .search(searchRequest(), { signal: AbortSignal.timeout(5_000) })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    if (!isSearchError(error)) throw new Error(`expected a SearchError, got ${String(error)}`);
    return error;
  };

  describe(`${name} HTTP status contract`, () => {
    const codes = { ...COMMON, ...options.codes };
    for (const [status, code] of Object.entries(codes)) {
      it(`maps HTTP ${status} to ${code}, keeping the status and leaving the key out of the message`, async () => {
        const error = await failure(Number(status));
        expect(error).toMatchObject({ code, status: Number(status), provider: definition.id });
        expect(error.retryable).toBe(code === 'rate_limited' || code === 'unavailable');
        expect(error.message).not.toContain(key);
      });
    }

    if (codes[429] === 'rate_limited') {
      it('waits as long as Retry-After says on 429', async () => {
        expect(await failure(429, { 'retry-after': '17' })).toMatchObject({ retryAfterMs: 17_000 });
      });
    }

    if (!definition.keyless) {
      it(`is not configured without ${keyEnv} and fails unauthorized without a request, naming the variable`, async () => {
        const unconfigured = kit.fromEnv({});
        expect(unconfigured.configured).toBe(false);
        let error: unknown;
        const requests = await requestsDuring(server, async () => {
          error = await unconfigured
            .search(searchRequest(), { signal: AbortSignal.timeout(5_000) })
            .catch((e: unknown) => e);
        });
        expect(error).toMatchObject({ code: 'unauthorized', retryable: false, provider: definition.id });
        expect((error as Error).message).toContain(keyEnv);
        expect(requests).toEqual([]);
      });
    }

    it('has a definition that loads the package that builds it', async () => {
      const module = await definition.load();
      expect(module.fromEnv({ [keyEnv]: key })).toMatchObject({ id: definition.id, configured: true });
    });
  });
}
