import { duckDuckGoHtmlPage } from '@agent-search/provider-duckduckgo/testing';
import { providerKit } from '@agent-search/registry/testing';
import { hostileResults, type ProviderKit } from '@agent-search/testing';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { blockedEverywhere, DDG, TEXT_RESULTS, vqdEndpoint } from './fixtures/duckduckgo.ts';
import { ENTRIES, parseOutput, useProviderApis } from './fixtures/provider-apis.ts';
import { runCli } from './run-cli.ts';

// The LLM vendors' own searches from the command, with nothing but their own variables set.
const openai = await providerKit('openai');
const anthropic = await providerKit('anthropic');
const gemini = await providerKit('gemini');

const { server, upstream, takeOver } = useProviderApis();
const OPENAI_KEY = 'sk-proj-cli0test0key0do0not0leak00000';
const ANTHROPIC_KEY = 'sk-ant-api03-cli0test0key0do0not0leak0';
const GOOGLE_KEY = 'AIzaSy-cli0test0key0do0not0leak000000';

describe('OpenAI web search from the command, with OPENAI_API_KEY (and OPENAI_BASE_URL) set and SEARCH_NATIVE=1', () => {
  it("takes over when DuckDuckGo is blocked: the cited pages and the model's answer, the key only in its header", async () => {
    const { run, response, request } = await takeOver(openai, {
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_BASE_URL: upstream.baseURL(openai),
      TAVILY_KEYLESS: '0',
      SEARCH_NATIVE: '1',
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(response.provider).toBe('openai');
    expect(response.attempts.map((a) => a.provider)).toEqual(['duckduckgo', 'openai']);
    expect(response.results.map((r) => [r.url, r.snippet])).toEqual(ENTRIES.map((e) => [e.url, e.snippet]));
    expect(response.answer).toMatch(/^Here is what I found\. How heat pumps work\./);
    expect(request?.path).toBe('/openai/responses');
    // --json carries what it cost: OpenAI's price on its attempt and in total; DuckDuckGo's is free.
    expect(response).toMatchObject({ costUsd: 0.014 });
    expect(response.attempts.map((a) => a.costUsd)).toEqual([undefined, 0.014]);
    expect(request?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(request?.body).toContain('"type":"web_search"');
    expect(request?.search).not.toContain(OPENAI_KEY);
    expect(run.stdout + run.stderr).not.toContain(OPENAI_KEY);
  });
});

describe('Anthropic web search from the command, with ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL) set and SEARCH_NATIVE=1', () => {
  it("takes over when DuckDuckGo is blocked: the cited pages and Claude's answer, the key only in its header", async () => {
    const { run, response, request } = await takeOver(anthropic, {
      ANTHROPIC_API_KEY: ANTHROPIC_KEY,
      ANTHROPIC_BASE_URL: upstream.baseURL(anthropic),
      TAVILY_KEYLESS: '0',
      SEARCH_NATIVE: '1',
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(response.provider).toBe('anthropic');
    expect(response.attempts.map((a) => a.provider)).toEqual(['duckduckgo', 'anthropic']);
    expect(response.results.map((r) => [r.url, r.snippet])).toEqual(ENTRIES.map((e) => [e.url, e.snippet]));
    expect(response.answer).toBe('Here is what I found. How heat pumps work. A heat pump moves heat.');
    expect(request?.path).toBe('/anthropic/v1/messages');
    expect(request?.headers['x-api-key']).toBe(ANTHROPIC_KEY);
    expect(request?.headers['anthropic-version']).toBe('2023-06-01');
    expect(request?.body).toContain('"type":"web_search_20250305"');
    expect(run.stdout + run.stderr).not.toContain(ANTHROPIC_KEY);
  });
});

describe('Gemini grounding from the command, with GOOGLE_API_KEY (and GEMINI_BASE_URL) set and SEARCH_NATIVE=1', () => {
  it('takes over when DuckDuckGo is blocked: the grounding chunks and the answer, the key only in its header', async () => {
    const { run, response, request } = await takeOver(gemini, {
      GOOGLE_API_KEY: GOOGLE_KEY,
      GEMINI_BASE_URL: upstream.baseURL(gemini),
      TAVILY_KEYLESS: '0',
      SEARCH_NATIVE: '1',
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(response.provider).toBe('gemini');
    expect(response.attempts.map((a) => a.provider)).toEqual(['duckduckgo', 'gemini']);
    expect(response.results.map((r) => [r.url, r.snippet])).toEqual(ENTRIES.map((e) => [e.url, e.snippet]));
    expect(response.answer).toBe('Here is what I found. How heat pumps work. A heat pump moves heat.');
    expect(request?.path).toBe('/gemini/v1beta/models/gemini-2.5-flash:generateContent');
    expect(request?.headers['x-goog-api-key']).toBe(GOOGLE_KEY);
    expect(request?.search).toBe('');
    expect(request?.body).toContain('"google_search":{}');
    expect(run.stdout + run.stderr).not.toContain(GOOGLE_KEY);
  });
});

describe('SEARCH_PROVIDER_PRIORITY=native', () => {
  it('searches through OpenAI with "native,perplexity" and OPENAI_API_KEY set, before DuckDuckGo is tried', async () => {
    upstream.answer(openai, hostileResults(openai, ENTRIES));
    const run = await runCli(['heat pump', '--json'], {
      SEARCH_PROVIDER_PRIORITY: 'native,perplexity',
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_BASE_URL: upstream.baseURL(openai),
      AGENT_SEARCH_STATE_DIR: 'off',
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const response = parseOutput(run);
    expect(response.provider).toBe('openai');
    expect(response.attempts.map((a) => a.provider)).toEqual(['openai']);
    expect(upstream.requests).toHaveLength(1);
  });

  it('with several vendor keys, tries them in the registry order (openai, anthropic, gemini), failing over among them', async () => {
    upstream.answer(openai, {
      kind: 'body',
      status: 503,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    upstream.answer(anthropic, hostileResults(anthropic, ENTRIES));
    const run = await runCli(['heat pump', '--json', '--timeout', '20000'], {
      SEARCH_PROVIDER_PRIORITY: 'native',
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_BASE_URL: upstream.baseURL(openai),
      ANTHROPIC_API_KEY: ANTHROPIC_KEY,
      ANTHROPIC_BASE_URL: upstream.baseURL(anthropic),
      GEMINI_API_KEY: GOOGLE_KEY,
      GEMINI_BASE_URL: upstream.baseURL(gemini),
      AGENT_SEARCH_STATE_DIR: 'off',
    });
    expect(run.code).toBe(0);
    const response = parseOutput(run);
    expect(response.provider).toBe('anthropic');
    expect(response.attempts.map((a) => a.provider)).toEqual(['openai', 'anthropic']);
    expect(run.stdout + run.stderr).not.toMatch(new RegExp(`${OPENAI_KEY}|${ANTHROPIC_KEY}|${GOOGLE_KEY}`));
  });

  it('lists native among the known ids when an id is unknown, and exits 2 before any search', async () => {
    const run = await runCli(['heat pump'], {
      SEARCH_PROVIDER_PRIORITY: 'nativ,perplexity',
      AGENT_SEARCH_STATE_DIR: 'off',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /SEARCH_PROVIDER_PRIORITY: unknown provider "nativ" \(known: .*openai.*, native\)/,
    );
    expect(upstream.requests).toHaveLength(0);
  });
});

// Each vendor with only the key a user sets for its model (and its base URL, pointing at the counted upstream).
// Functions: the upstream's address is known once it has started.
const VENDORS: [string, ProviderKit, () => Record<string, string>][] = [
  [
    'OPENAI_API_KEY',
    openai,
    () => ({ OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: upstream.baseURL(openai) }),
  ],
  [
    'ANTHROPIC_API_KEY',
    anthropic,
    () => ({ ANTHROPIC_API_KEY: ANTHROPIC_KEY, ANTHROPIC_BASE_URL: upstream.baseURL(anthropic) }),
  ],
  [
    'GEMINI_API_KEY',
    gemini,
    () => ({ GEMINI_API_KEY: GOOGLE_KEY, GEMINI_BASE_URL: upstream.baseURL(gemini) }),
  ],
];

/** DuckDuckGo's HTML endpoint answering after `ms` (a slow answer, not a failure). */
const slowDuckDuckGo = (ms: number) => [
  http.post(DDG.html, async ({ request }) => {
    const query = new URLSearchParams(await request.text()).get('q') ?? '';
    await delay(ms);
    return new HttpResponse(duckDuckGoHtmlPage(query, TEXT_RESULTS), {
      headers: { 'content-type': 'text/html; charset=UTF-8' },
    });
  }),
  vqdEndpoint(),
];

describe.each(VENDORS)(
  'a key set for the model (%s only) does not switch on its paid search',
  (variable, kit, vendorEnv) => {
    it('DuckDuckGo blocked: the search fails as blocked and not one request reaches the vendor', async () => {
      const env = vendorEnv();
      server.use(...blockedEverywhere());
      upstream.answer(kit, hostileResults(kit, ENTRIES));
      const run = await runCli(['heat pump', '--json'], {
        ...env,
        TAVILY_KEYLESS: '0',
        AGENT_SEARCH_STATE_DIR: 'off',
      });
      expect(run.code).not.toBe(0);
      expect(run.stderr).toMatch(/DuckDuckGo is blocking/);
      expect(upstream.requests).toHaveLength(0);
      expect(run.stdout + run.stderr).not.toContain(env[variable]);
    });

    it('DuckDuckGo slow (1.5 s): no hedge goes to the vendor; with SEARCH_NATIVE=1 one does', async () => {
      const env = vendorEnv();
      server.use(...slowDuckDuckGo(1_500));
      upstream.answer(kit, hostileResults(kit, ENTRIES));
      const base = { ...env, TAVILY_KEYLESS: '0', AGENT_SEARCH_STATE_DIR: 'off' };
      const run = await runCli(['heat pump', '--json'], base);
      expect(run.code).toBe(0);
      expect(parseOutput(run).provider).toBe('duckduckgo');
      expect(upstream.requests).toHaveLength(0);
      // The same search with consent: the vendor is hedged to (so the count above could have been one).
      const asked = await runCli(['heat pump', '--json'], { ...base, SEARCH_NATIVE: '1' });
      expect(asked.code).toBe(0);
      expect(upstream.requests.length).toBeGreaterThan(0);
    });

    it('`agent-search providers` says the vendor search is off, what it would cost and how to turn it on', async () => {
      const env = vendorEnv();
      const run = await runCli(['providers'], { ...env, AGENT_SEARCH_STATE_DIR: 'off' });
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        /disabled: paid, and off until asked for: set SEARCH_NATIVE=1 or list native in SEARCH_PROVIDER_PRIORITY/,
      );
      expect(run.stdout).toMatch(/Free: DuckDuckGo/);
      expect(run.stdout).toMatch(
        /Off, as they would spend a key set for something else: OpenAI \(about \$0\.014 a request\), Anthropic \(about \$0\.018 a request\), Gemini \(about \$0\.036 a request\); to use them, set SEARCH_NATIVE=1 or list native in SEARCH_PROVIDER_PRIORITY\./,
      );
      const json = JSON.parse(
        (await runCli(['providers', '--json'], { ...env, AGENT_SEARCH_STATE_DIR: 'off' })).stdout,
      );
      const vendor = json.providers.find((p: { id: string }) => p.id === kit.definition.id);
      expect(vendor).toMatchObject({ enabled: false, configured: true, needsConsent: true });
      expect(vendor.costUsd).toBeGreaterThan(0);
      expect(upstream.requests).toHaveLength(0);
    });
  },
);
