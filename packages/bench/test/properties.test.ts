import { withCache } from '@agent-search/cache';
import { createSearchClient, type SearchMode, type SearchProvider } from '@agent-search/core';
import { createSearchInternetTool, type SearchInternetArgs } from '@agent-search/livekit-tool';
import { dJs, duckDuckGoHtmlPage, newsJs, vJs } from '@agent-search/provider-duckduckgo/testing';
import { exaResponse } from '@agent-search/provider-exa/testing';
import { tavilyResponse } from '@agent-search/provider-tavily/testing';
import type { ProviderSimulator, WebEntry } from '@agent-search/testing';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settleWithin } from '../src/stats.ts';
import {
  duckDuckGo,
  EXA_KEY,
  exa,
  routeNeedleTo,
  startBenchSimulator,
  TAVILY_KEY,
  tavily,
} from '../src/upstreams.ts';
import { errorViolations, responseViolations } from './support/contract.ts';
import {
  anyJson,
  hostileString,
  jsonMutation,
  mutateJson,
  mutateText,
  textMutation,
} from './support/mutations.ts';

// Searches run against a 2 s deadline; anything not settled within twice that has hung.
const DEADLINE_MS = 2_000;
const HUNG_MS = 2 * DEADLINE_MS;
const SECRETS = [TAVILY_KEY, EXA_KEY];

let sim: ProviderSimulator;
beforeAll(async () => {
  sim = await startBenchSimulator(7);
  routeNeedleTo(sim);
});
afterEach(() => sim.reset());
afterAll(() => sim.close());

const client = (providers: SearchProvider[]) =>
  createSearchClient({ providers, timeoutMs: DEADLINE_MS, attemptTimeoutMs: DEADLINE_MS / 2 });

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const nullish = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, fc.constant(null), fc.constant(undefined));

describe('the LiveKit tool with arbitrary arguments', () => {
  const args: fc.Arbitrary<SearchInternetArgs> = fc.record({
    query: fc.oneof(
      hostileString,
      fc.constantFrom('heat pump', '  heat   pump  ', 'heat pump site:energy.gov'),
    ),
    mode: nullish(fc.oneof(fc.constantFrom('text', 'news', 'videos', ' NEWS ', 'images'), fc.string())),
    max_results: nullish(fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 3, 10, 11))),
    timelimit: nullish(fc.oneof(fc.constantFrom('d', 'w', 'm', 'y', 'day', 'fortnight', ''), fc.string())),
    loading_message: nullish(hostileString),
  });

  it('always hands the model results within the contract, or an error it can say', async () => {
    const tool = createSearchInternetTool({
      client: client([duckDuckGo(sim), tavily(sim)]),
      publisher: false,
      caller: { userId: 'property-test' },
    });
    const seen = { results: 0, errors: 0 };
    await fc.assert(
      fc.asyncProperty(args, async (input) => {
        const outcome = await settleWithin(
          () =>
            tool.execute(input, {
              ctx: undefined as never,
              toolCallId: 'property-test',
              abortSignal: new AbortController().signal,
            }),
          HUNG_MS,
        );
        expect(outcome.kind).toBe('answered');
        if (outcome.kind !== 'answered') return;
        const output = outcome.value;
        expect(Array.isArray(output.results)).toBe(true);
        if (output.results.length > 0) seen.results++;
        if (output.error !== undefined) {
          seen.errors++;
          expect(output.error).toMatch(/\S/);
          expect(output.results).toEqual([]);
        }
        for (const view of output.results) {
          const url = 'href' in view ? view.href : 'content' in view ? view.content : view.url;
          expect(url).toMatch(/^https?:\/\//);
          expect(view.title.trim()).not.toBe('');
          expect(view.title.length).toBeLessThanOrEqual(300);
        }
        expect(output.results.length).toBeLessThanOrEqual(10);
      }),
      { numRuns: 150 },
    );
    // Both branches were exercised: the property did not pass by never reaching one of them.
    expect(seen.results).toBeGreaterThan(0);
    expect(seen.errors).toBeGreaterThan(0);
  });
});

describe('the client with arbitrary request inputs', () => {
  const field = fc.oneof(fc.anything(), hostileString, fc.array(hostileString, { maxLength: 25 }));
  const input = fc.oneof(
    fc.anything(),
    fc.record(
      {
        query: fc.oneof(hostileString, fc.anything(), fc.constant('heat pump')),
        mode: fc.oneof(field, fc.constantFrom('text', 'news', 'videos')),
        maxResults: field,
        timeRange: field,
        safeSearch: field,
        region: fc.oneof(field, fc.constantFrom('us-en', 'de-de', 'wt-wt')),
        includeDomains: fc.oneof(field, fc.constantFrom('energy.gov', ['wikipedia.org', 'iea.org'])),
        excludeDomains: field,
        profile: field,
      },
      { requiredKeys: ['query'] },
    ),
  );

  it('answers within the contract or fails with a known code, cache included', async () => {
    const cached = withCache(client([duckDuckGo(sim), tavily(sim), exa(sim)]), { rateLimits: false });
    const seen = { answered: 0, failed: 0 };
    await fc.assert(
      fc.asyncProperty(input, async (value) => {
        // biome-ignore lint/suspicious/noExplicitAny: arbitrary input is the point
        const outcome = await settleWithin(() => cached.search(value as any), HUNG_MS);
        if (outcome.kind !== 'no answer') seen[outcome.kind]++;
        expect(outcome.kind).not.toBe('no answer');
        if (outcome.kind === 'answered') expect(responseViolations(outcome.value)).toEqual([]);
        if (outcome.kind === 'failed') expect(errorViolations(outcome.error, SECRETS)).toEqual([]);
      }),
      { numRuns: 150 },
    );
    expect(seen.answered).toBeGreaterThan(0);
    expect(seen.failed).toBeGreaterThan(0);
    expect(sim.calls('duckduckgo')).toBeGreaterThan(0);
  });
});

describe('providers reading arbitrary (mutated) payloads', () => {
  const entry: fc.Arbitrary<WebEntry> = fc.record({
    title: hostileString,
    url: fc.oneof(fc.webUrl(), hostileString),
    snippet: hostileString,
    extract: fc.constant(''),
    publishedAt: optional(
      fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        hostileString,
      ),
    ),
  });
  const entries = fc.array(entry, { maxLength: 12 });
  const jsonMutations = fc.array(jsonMutation, { minLength: 1, maxLength: 6 });
  const textMutations = fc.array(textMutation, { maxLength: 4 });
  const q = 'heat pump';

  // A JSON payload with a few fields mutated, or now and then one of the wrong shape altogether: deep
  // mutations rarely reach the top level, and a tolerant reader can survive them all.
  const mutatedJson = (json: string) =>
    fc.oneof(
      { weight: 9, arbitrary: jsonMutations.map((m) => mutateJson(json, m)) },
      { weight: 1, arbitrary: anyJson.map((value) => JSON.stringify(value)) },
    );

  // d.js keeps its results in a JSON array inside JavaScript: mutate the array, then the text around it.
  const mutatedDJs = fc.tuple(jsonMutations, textMutations).map(([json, text]) => {
    const body = dJs(q);
    const match = /DDG\.pageLayout\.load\('d',(\[.+?\])\);DDG\.duckbar/.exec(body)!;
    const array = mutateJson(match[1]!, json);
    return mutateText(
      body.replace(match[1]!, () => array),
      text,
    );
  });

  const cases: {
    endpoint: string;
    mode: SearchMode;
    provider: (sim: ProviderSimulator) => SearchProvider;
    body: fc.Arbitrary<string>;
  }[] = [
    {
      endpoint: 'duckduckgo.html',
      mode: 'text',
      provider: (s) => duckDuckGo(s, ['html']),
      body: fc.tuple(entries, textMutations).map(([e, t]) => mutateText(duckDuckGoHtmlPage(q, e), t)),
    },
    { endpoint: 'duckduckgo.d.js', mode: 'text', provider: (s) => duckDuckGo(s, ['djs']), body: mutatedDJs },
    {
      endpoint: 'duckduckgo.news.js',
      mode: 'news',
      provider: (s) => duckDuckGo(s),
      body: mutatedJson(newsJs(q)),
    },
    {
      endpoint: 'duckduckgo.v.js',
      mode: 'videos',
      provider: (s) => duckDuckGo(s),
      body: mutatedJson(vJs(q)),
    },
    {
      endpoint: 'tavily.search',
      mode: 'text',
      provider: tavily,
      body: mutatedJson(JSON.stringify(tavilyResponse(q))),
    },
    {
      endpoint: 'exa.search',
      mode: 'text',
      provider: exa,
      body: mutatedJson(JSON.stringify(exaResponse(q))),
    },
  ];

  it.each(cases)(
    '$endpoint: never crashes or hangs, and keeps the contract',
    async ({ endpoint, mode, provider, body }) => {
      const search = client([provider(sim)]);
      // `degraded`: failed, or fewer results than the healthy payload's 5.
      const seen = { answered: 0, failed: 0, results: 0, degraded: 0 };
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          sim.configure(endpoint, { respond: () => ({ status: 200, body: payload }) });
          const outcome = await settleWithin(() => search.search({ query: q, mode }), HUNG_MS);
          if (outcome.kind !== 'no answer') seen[outcome.kind]++;
          if (outcome.kind === 'answered') seen.results += outcome.value.results.length;
          if (
            outcome.kind === 'failed' ||
            (outcome.kind === 'answered' && outcome.value.results.length < 5)
          ) {
            seen.degraded++;
          }
          expect(outcome.kind).not.toBe('no answer');
          if (outcome.kind === 'answered') expect(responseViolations(outcome.value)).toEqual([]);
          if (outcome.kind === 'failed') expect(errorViolations(outcome.error, SECRETS)).toEqual([]);
        }),
        { numRuns: 100 },
      );
      // The mutated payloads were served and read: some searches still found results, and some were hurt
      // by the mutations (failed, or lost results). Whether any failed outright depends on where the
      // mutations land, so that is not asserted: a payload with every result broken may well be empty.
      expect(sim.stats(endpoint).answered).toBeGreaterThanOrEqual(100);
      expect(seen.answered + seen.failed).toBeGreaterThanOrEqual(100);
      expect(seen.results).toBeGreaterThan(0);
      expect(seen.degraded).toBeGreaterThan(0);
    },
  );
});
