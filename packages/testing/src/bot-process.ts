// The side of the two-process memory tests that runs in a bot's own process (no vitest here): its
// settings from the environment the test gives it, and a client searching the test's loopback API.
import { createSearchClient, type SearchClient } from '@agent-search/core';
import { createHttpTestProvider } from './http-provider.ts';

/** One bot's settings, from the variables `runBot` sets. */
export interface BotSettings {
  redisUrl: string;
  /** The Redis key prefix of the test's store, when it has one (`KEY_PREFIX`). */
  keyPrefix?: string;
  upstreamUrl: string;
  botId: string;
  botName: string;
  /** The caller's trust level, 0..100. */
  trust: number;
  userId: string;
  query: string;
}

/** The bot's settings: REDIS_URL, UPSTREAM_URL, BOT_ID, BOT_NAME, TRUST, USER_ID, QUERY (and KEY_PREFIX). */
export function botSettings(env: NodeJS.ProcessEnv = process.env): BotSettings {
  const required = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`${name} is not set`);
    return value;
  };
  return {
    redisUrl: required('REDIS_URL'),
    ...(env.KEY_PREFIX ? { keyPrefix: env.KEY_PREFIX } : {}),
    upstreamUrl: required('UPSTREAM_URL'),
    botId: required('BOT_ID'),
    botName: required('BOT_NAME'),
    trust: Number(required('TRUST')),
    userId: required('USER_ID'),
    query: required('QUERY'),
  };
}

/** A client whose one provider (`loopback`) searches the test's loopback search API at `url`. */
export function loopbackSearchClient(url: string): SearchClient {
  return createSearchClient({ providers: [createHttpTestProvider({ id: 'loopback', url })] });
}
