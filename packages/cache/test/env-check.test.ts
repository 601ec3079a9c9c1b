import { type ProviderDefinition, SearchConfigError } from '@agent-search/core';
import { describe, expect, it } from 'vitest';
import { CACHE_VARIABLES, checkSearchEnv } from '../src/stack.ts';
import { meantVariable } from '../src/variable-typos.ts';
import { upstreamDefinition } from './upstream.ts';

// Providers as an app registers them: whatever their variables are called, the check knows them.
const keyed = (id: string, key: string, extra: Partial<ProviderDefinition> = {}): ProviderDefinition => ({
  ...upstreamDefinition,
  id,
  name: id,
  apiKeyEnv: key,
  ...extra,
});
const definitions = [
  keyed('tavily', 'TAVILY_API_KEY', { baseUrlEnv: 'TAVILY_BASE_URL' }),
  keyed('acme', 'ACME_SEARCH_TOKEN', { keyless: { env: 'ACME_KEYLESS' } }),
  upstreamDefinition,
];

function configError(env: Record<string, string>): SearchConfigError {
  const { error } = checkSearchEnv(env, { definitions });
  if (!error) throw new Error('no configuration error');
  return error;
}

/** The variables the check says are mistyped. */
function mistyped(env: Record<string, string>, app?: Parameters<typeof checkSearchEnv>[1]['app']) {
  const check = checkSearchEnv(env, { definitions, ...(app ? { app } : {}) });
  expect(check.error).toBeUndefined();
  return check.mistyped;
}

describe('checkSearchEnv: every variable the stack reads, before anything opens', () => {
  it.each([
    ['SEARCH_RATE_LIMIT', '10/min', /^SEARCH_RATE_LIMIT: expected a whole number, got "10\/min"$/],
    ['WEB_SEARCH_MAX_RESULTS', '20', /^WEB_SEARCH_MAX_RESULTS: must be between 1 and 10, got "20"$/],
    ['SEARCH_CACHE_TTL', 'an hour', /^SEARCH_CACHE_TTL: expected a number, got "an hour"$/],
    ['SEARCH_GLOBAL_MAX_QUEUE', '-1', /^SEARCH_GLOBAL_MAX_QUEUE: must be between 0 and 100000, got "-1"$/],
    ['REDIS_URL', 'http://cache:6379', /^REDIS_URL: must start with redis:\/\/ or rediss:\/\/$/],
    ['SEARCH_TIMEOUT_MS', '5s', /^SEARCH_TIMEOUT_MS: expected a whole number, got "5s"$/],
    ['SEARCH_PROVIDER_PRIORITY', 'tavly', /^SEARCH_PROVIDER_PRIORITY: unknown provider "tavly"/],
  ])('%s=%s is one sentence naming the variable, the value and what is allowed', (name, value, said) => {
    const error = configError({ [name]: value });
    expect(error.variable).toBe(name);
    expect(error.message).toMatch(said);
  });

  it('checks the app’s own variables with its reader', () => {
    const app = [
      {
        names: ['MY_APP_MODE'],
        read: (env: Record<string, string | undefined>) => {
          if (env.MY_APP_MODE && env.MY_APP_MODE !== 'fast') {
            throw new SearchConfigError('MY_APP_MODE', `expected fast, got "${env.MY_APP_MODE}"`);
          }
        },
      },
    ];
    expect(checkSearchEnv({ MY_APP_MODE: 'slow' }, { definitions, app }).error?.message).toBe(
      'MY_APP_MODE: expected fast, got "slow"',
    );
    expect(mistyped({ MY_APP_MODE: 'fast' }, app)).toEqual([]);
  });

  it('names a variable nobody reads with the one meant, never its value', () => {
    const found = mistyped({
      TAVILY_KEY: 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6',
      SEARCH_PROVIDERS: 'tavily',
      PATH: '/bin',
    });
    expect(found.map((m) => m.message)).toEqual([
      'TAVILY_KEY is not read; did you mean TAVILY_API_KEY?',
      'SEARCH_PROVIDERS is not read; did you mean SEARCH_PROVIDER_PRIORITY?',
    ]);
  });

  it('knows the app’s own names and every registered provider’s, hard-coding none', () => {
    const found = mistyped({ ACME_SEARCH_TOKENS: 'x', ACME_KEYLES: '0', TAVILY_URL: 'https://t.example' });
    expect(found.map((m) => [m.name, m.meant])).toEqual([
      ['ACME_SEARCH_TOKENS', 'ACME_SEARCH_TOKEN'],
      ['ACME_KEYLES', 'ACME_KEYLESS'],
      ['TAVILY_URL', 'TAVILY_BASE_URL'],
    ]);
    expect(mistyped({ ACME_SEARCH_TOKEN: 'x', ACME_KEYLESS: '0' })).toEqual([]);
    // A set variable that looks like another known one is known itself: not reported.
    expect(mistyped({ MY_APP_TOKEN: 'x' }, [{ names: ['MY_APP_TOKEN'] }])).toEqual([]);
  });

  it('says nothing when the variable meant is set too (the other one is someone else’s)', () => {
    expect(mistyped({ REDIS_URI: 'x', REDIS_URL: 'redis://127.0.0.1:1' })).toEqual([]);
  });

  it('warns even when a malformed variable stops the app', () => {
    const check = checkSearchEnv(
      { TAVILY_KEY: 'x', SEARCH_RATE_LIMITS: '5', SEARCH_RATE_LIMIT: '5/s' },
      { definitions },
    );
    expect(check.error?.variable).toBe('SEARCH_RATE_LIMIT');
    expect(check.mistyped.map((m) => m.name)).toEqual(['TAVILY_KEY']);
  });

  it('lists every cache variable', () => {
    for (const name of CACHE_VARIABLES) expect(meantVariable(name, CACHE_VARIABLES)).toBeUndefined();
  });
});

describe('meantVariable: one edit, word by word', () => {
  const known = [
    'TAVILY_API_KEY',
    'SEARCH_PROVIDER_PRIORITY',
    'SEARCH_TIMEOUT_MS',
    'REDIS_URL',
    'SEARCH_RATE_LIMIT',
  ];
  it.each([
    ['TAVILY_KEY', 'TAVILY_API_KEY'], // a word dropped
    ['TAVILY_API_KEY_ID', 'TAVILY_API_KEY'], // a word added
    ['TAVLIY_API_KEY', 'TAVILY_API_KEY'], // two letters swapped
    ['TAVILY_API_KY', 'TAVILY_API_KEY'], // a letter dropped
    ['SEARCH_PROVIDERS', 'SEARCH_PROVIDER_PRIORITY'], // plural, and a word dropped
    ['SEARCH_PROVIDER', 'SEARCH_PROVIDER_PRIORITY'],
    ['SEARCH_TIMEOUT', 'SEARCH_TIMEOUT_MS'],
    ['REDIS_URI', 'REDIS_URL'], // a letter changed
    ['SEARCH_RATE_LIMITS', 'SEARCH_RATE_LIMIT'],
    ['tavily_api_key', 'TAVILY_API_KEY'], // case
  ])('%s → %s', (name, meant) => {
    expect(meantVariable(name, known)).toBe(meant);
  });

  it.each([
    'REDIS_HOST', // a different word, not a typo
    'TAVILY', // one word: someone else's
    'PATH',
    'HOME_URL',
    'SEARCH_CACHE_TTL_MS_X', // two edits from anything
    'TAVILY_API_KEY', // known
    `${'A_'.repeat(60)}KEY`, // too long to compare
  ])('%s → nothing', (name) => {
    expect(meantVariable(name, known)).toBeUndefined();
  });
});
