import { type ProviderDefinition, SearchConfigError } from '@agent-search/core';
import { useMswServer } from '@agent-search/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSearchStack, secretsOf } from '../src/stack.ts';
import { installUpstream, type Upstream, upstreamDefinition } from './upstream.ts';

const server = useMswServer();
let upstream: Upstream;

beforeEach(() => {
  upstream = installUpstream(server);
});

const other: ProviderDefinition = {
  ...upstreamDefinition,
  id: 'other',
  name: 'Other',
  apiKeyEnv: 'OTHER_API_KEY',
};
const definitions = [upstreamDefinition, other];
const env = { SEARCH_PROVIDER_PRIORITY: 'upstream' };

function captureLogger() {
  const errors: { fields: object; msg?: string }[] = [];
  const noop = () => {};
  const logger = {
    debug: noop,
    info: noop,
    warn: noop,
    error: (fields: object, msg?: string) => errors.push({ fields, msg }),
  };
  return { errors, logger };
}

describe('createSearchStack', () => {
  it('builds the client from the definitions and the environment, behind the cache and limits', async () => {
    const stack = await createSearchStack(env, { definitions });
    expect(stack.config.enabled).toBe(true);
    expect(stack.config.providers.map((p) => [p.id, p.enabled])).toEqual([
      ['upstream', true],
      ['other', false],
    ]);
    expect((await stack.client.search({ query: 'tide tables' })).cached).toBe(false);
    expect((await stack.client.search({ query: 'tide tables' })).cached).toBe(true);
    expect(upstream.calls).toBe(1);
    await stack.close();
  });

  it('an unknown id in SEARCH_PROVIDER_PRIORITY is a configuration error naming it and the known ids', async () => {
    const failure = createSearchStack({ SEARCH_PROVIDER_PRIORITY: 'upstream,google' }, { definitions });
    await expect(failure).rejects.toBeInstanceOf(SearchConfigError);
    await expect(failure).rejects.toThrow(/unknown provider "google" \(known: upstream, other\)/);
  });

  it('a malformed cache variable: an error by default, logged and skipped when optional', async () => {
    const malformed = { ...env, SEARCH_CACHE_TTL: 'an hour' };
    await expect(createSearchStack(malformed, { definitions })).rejects.toThrow(/SEARCH_CACHE_TTL/);
    const { errors, logger } = captureLogger();
    const stack = await createSearchStack(malformed, { definitions, cache: 'optional', client: { logger } });
    expect(stack.cache).toBeUndefined();
    expect(stack.client).toBe(stack.config.client);
    expect(errors).toEqual([
      {
        fields: { variable: 'SEARCH_CACHE_TTL' },
        msg: expect.stringMatching(/without the cache and rate limits$/),
      },
    ]);
  });

  it("without the cache ('off'), every search goes to the providers", async () => {
    const stack = await createSearchStack(env, { definitions, cache: 'off' });
    expect(stack.cache).toBeUndefined();
    await stack.client.search({ query: 'tide tables' });
    await stack.client.search({ query: 'tide tables' });
    expect(upstream.calls).toBe(2);
    await stack.close();
  });

  it('reads pages through the same cache', async () => {
    const reads: string[] = [];
    const readPage = async (url: string, _options?: { signal?: AbortSignal }) => {
      reads.push(url);
      return {
        url,
        finalUrl: url,
        title: 'Tides',
        text: 'High tide at 06:12.',
        truncated: false,
        contentType: 'text/html',
      };
    };
    const stack = await createSearchStack(env, { definitions, readPage });
    expect(await stack.readPage?.('https://tides.example/')).toMatchObject({ title: 'Tides' });
    expect(await stack.readPage?.('https://tides.example/')).toMatchObject({ title: 'Tides' });
    expect(reads).toEqual(['https://tides.example/']);
    await stack.close();
  });
});

describe('secretsOf', () => {
  it("lists every provider's key, REDIS_URL and the app's own variables, leaving out placeholders", () => {
    const secrets = secretsOf(
      {
        OTHER_API_KEY: ' other-key-0123456789 ',
        REDIS_URL: 'redis://:hunter22@cache.internal:6379',
        SERVER_TOKEN: 'token-abcdefgh',
        UNLISTED: 'not-a-secret-at-all',
      },
      definitions,
      ['SERVER_TOKEN'],
    );
    expect(secrets).toEqual([
      'other-key-0123456789',
      'redis://:hunter22@cache.internal:6379',
      'token-abcdefgh',
    ]);
    expect(secretsOf({ OTHER_API_KEY: 'test' }, definitions)).toEqual([]);
  });
});
