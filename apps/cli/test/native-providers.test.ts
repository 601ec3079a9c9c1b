import { providerKit } from '@agent-search/registry/testing';
import { hostileResults } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { ENTRIES, parseOutput, useProviderApis } from './fixtures/provider-apis.ts';
import { runCli } from './run-cli.ts';

// The LLM vendors' own searches from the command, with nothing but their own variables set.
const openai = await providerKit('openai');
const anthropic = await providerKit('anthropic');
const gemini = await providerKit('gemini');

const { upstream, takeOver } = useProviderApis();
const OPENAI_KEY = 'sk-proj-cli0test0key0do0not0leak00000';
const ANTHROPIC_KEY = 'sk-ant-api03-cli0test0key0do0not0leak0';
const GOOGLE_KEY = 'AIzaSy-cli0test0key0do0not0leak000000';

describe('OpenAI web search from the command, with only OPENAI_API_KEY (and OPENAI_BASE_URL) set', () => {
  it("takes over when DuckDuckGo is blocked: the cited pages and the model's answer, the key only in its header", async () => {
    const { run, response, request } = await takeOver(openai, {
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_BASE_URL: upstream.baseURL(openai),
      TAVILY_KEYLESS: '0',
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(response.provider).toBe('openai');
    expect(response.attempts.map((a) => a.provider)).toEqual(['duckduckgo', 'openai']);
    expect(response.results.map((r) => [r.url, r.snippet])).toEqual(ENTRIES.map((e) => [e.url, e.snippet]));
    expect(response.answer).toMatch(/^Here is what I found\. How heat pumps work\./);
    expect(request?.path).toBe('/openai/responses');
    expect(request?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(request?.body).toContain('"type":"web_search"');
    expect(request?.search).not.toContain(OPENAI_KEY);
    expect(run.stdout + run.stderr).not.toContain(OPENAI_KEY);
  });
});

describe('Anthropic web search from the command, with only ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL) set', () => {
  it("takes over when DuckDuckGo is blocked: the cited pages and Claude's answer, the key only in its header", async () => {
    const { run, response, request } = await takeOver(anthropic, {
      ANTHROPIC_API_KEY: ANTHROPIC_KEY,
      ANTHROPIC_BASE_URL: upstream.baseURL(anthropic),
      TAVILY_KEYLESS: '0',
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

describe('Gemini grounding from the command, with only GOOGLE_API_KEY (and GEMINI_BASE_URL) set', () => {
  it('takes over when DuckDuckGo is blocked: the grounding chunks and the answer, the key only in its header', async () => {
    const { run, response, request } = await takeOver(gemini, {
      GOOGLE_API_KEY: GOOGLE_KEY,
      GEMINI_BASE_URL: upstream.baseURL(gemini),
      TAVILY_KEYLESS: '0',
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
