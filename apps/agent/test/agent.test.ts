import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Env } from '@agent-search/core';
import {
  ProvenanceCollector,
  SEARCH_TOOL_NAME,
  SEARCH_TOOL_RULES,
  SEARCH_UNAVAILABLE_RULES,
} from '@agent-search/livekit-tool';
import { READ_PAGE_TOOL_NAME, READ_PAGE_TOOL_RULES } from '@agent-search/livekit-tool/reader';
import { type DuckDuckGoWebEntry, duckDuckGoHtmlPage } from '@agent-search/provider-duckduckgo/testing';
import { recordingLogger, useMswServer } from '@agent-search/testing';
import { initializeLogger, isAgent, type JobProcess, voice } from '@livekit/agents';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAssistant } from '../src/assistant.ts';
import { DEFAULT_MODELS, readModelConfig } from '../src/config.ts';
import { loadPrompt } from '../src/prompt.ts';
import { buildSearchClient } from '../src/search.ts';

initializeLogger({ pretty: false, level: 'silent' });

const server = useMswServer();

/** `n` weather pages for `query`, as the HTML endpoint lists them. */
function weatherEntries(query: string, n: number): DuckDuckGoWebEntry[] {
  return Array.from({ length: n }, (_, i) => ({
    title: `Weather report ${i + 1}`,
    url: `https://example${i + 1}.org/weather/${i + 1}`,
    snippet: `Forecast ${i + 1} for ${query} today.`,
  }));
}

/** Replays the HTML endpoint with 10 results; returns the queries it received. */
function replayHtmlEndpoint(): string[] {
  const queries: string[] = [];
  server.use(
    http.post('https://html.duckduckgo.com/html/', async ({ request }) => {
      const query = new URLSearchParams(await request.text()).get('q') ?? '';
      queries.push(query);
      return HttpResponse.html(duckDuckGoHtmlPage(query, weatherEntries(query, 10)));
    }),
  );
  return queries;
}

/** One user turn against the app's assistant: the fake LLM answers by calling search_internet. */
async function askAssistant(env: Env, args: Record<string, unknown>) {
  const search = await buildSearchClient(env);
  const agent = createAssistant({ prompt: await loadPrompt(), search });
  const userInput = 'what is the weather in Lisbon?';
  const llm = new voice.testing.FakeLLM([
    { input: userInput, toolCalls: [{ name: SEARCH_TOOL_NAME, args }] },
  ]);
  const session = new voice.AgentSession({ llm, vad: null, turnHandling: { turnDetection: null } });
  await session.start({ agent });
  try {
    const run = await session.run({ userInput }).wait();
    const [output] = run.events.filter(voice.testing.isFunctionCallOutputEvent);
    return { search, agent, output: output?.item };
  } finally {
    await session.close();
  }
}

describe('the assistant with web search', () => {
  it('registers search_internet, includes its rules and searches DuckDuckGo by default', async () => {
    const queries = replayHtmlEndpoint();
    const { search, agent, output } = await askAssistant(
      {},
      { query: 'weather Lisbon', loading_message: 'Checking the sky...' },
    );

    expect(search.enabled).toBe(true);
    // Tavily's keyless mode behind DuckDuckGo, not asked: DuckDuckGo answered.
    expect(search.providers.filter((p) => p.enabled).map((p) => p.id)).toEqual(['duckduckgo', 'tavily']);
    expect(Object.keys(agent.toolCtx.functionTools)).toEqual([SEARCH_TOOL_NAME, READ_PAGE_TOOL_NAME]);
    expect(agent.instructions).toContain(READ_PAGE_TOOL_RULES);
    expect(agent.instructions).toContain('You are Scout');
    expect(agent.instructions).toContain(SEARCH_TOOL_RULES);
    expect(agent.instructions).not.toContain(SEARCH_UNAVAILABLE_RULES);

    expect(queries).toEqual(['weather Lisbon']);
    expect(output?.isError).toBe(false);
    const parsed = JSON.parse(output?.output ?? '{}');
    expect(parsed.results).toHaveLength(5);
    expect(parsed.results[0]).toEqual({
      title: 'Weather report 1',
      href: 'https://example1.org/weather/1',
      body: 'Forecast 1 for weather Lisbon today.',
    });
  });

  it('WEB_SEARCH_MAX_RESULTS sets how many results a search returns by default', async () => {
    replayHtmlEndpoint();
    const { output } = await askAssistant({ WEB_SEARCH_MAX_RESULTS: '3' }, { query: 'weather Lisbon' });
    expect(JSON.parse(output?.output ?? '{}').results).toHaveLength(3);
  });

  it('hands each search to the provenance collector main.ts publishes from', async () => {
    replayHtmlEndpoint();
    const provenance = new ProvenanceCollector();
    const search = await buildSearchClient({});
    const agent = createAssistant({ prompt: await loadPrompt(), search, provenance });
    const userInput = 'weather?';
    const llm = new voice.testing.FakeLLM([
      { input: userInput, toolCalls: [{ name: SEARCH_TOOL_NAME, args: { query: 'weather Lisbon' } }] },
    ]);
    const session = new voice.AgentSession({ llm, vad: null, turnHandling: { turnDetection: null } });
    await session.start({ agent });
    try {
      await session.run({ userInput }).wait();
    } finally {
      await session.close();
    }
    expect(provenance.take()).toEqual([
      expect.objectContaining({
        query: 'weather Lisbon',
        provider: 'duckduckgo',
        domains: expect.any(Array),
      }),
    ]);
  });
});

describe('search logs', () => {
  it('logs each provider failure with what its breaker did, and an unreachable Redis once', async () => {
    const logger = recordingLogger();
    const { lines } = logger;
    // Both DuckDuckGo backends (the HTML page, then the vqd token page of d.js) refuse.
    const tooMany = () => HttpResponse.html('<html><body>Too Many Requests</body></html>', { status: 429 });
    server.use(
      http.post('https://html.duckduckgo.com/html/', tooMany),
      http.get('https://duckduckgo.com/', tooMany),
    );
    // Port 1 on loopback: nothing listens there, so Redis is down from the start.
    const setup = await buildSearchClient(
      { REDIS_URL: 'redis://127.0.0.1:1', SEARCH_PROVIDER_PRIORITY: 'duckduckgo' },
      logger,
    );
    const codes: unknown[] = [];
    try {
      for (const query of ['lisbon weather', 'porto weather']) {
        codes.push(await setup.client!.search({ query }).catch((error: { code?: unknown }) => error.code));
      }
    } finally {
      await (setup.client as { close?: () => Promise<void> }).close?.();
    }
    const warnings = lines.filter((l) => l.level === 'warn');
    expect(warnings.filter((l) => /Redis cache is unreachable/.test(l.msg ?? ''))).toHaveLength(1);
    expect(codes[0]).toMatch(/^(rate_limited|blocked)$/);
    // The line says what the provider's breaker did: a block opens it, a 429 slows the sending down.
    expect(warnings).toContainEqual(
      expect.objectContaining({
        msg: expect.stringMatching(
          new RegExp(
            `^DuckDuckGo failed \\(${codes[0]}\\); (breaker open for \\d+ s|sending to it more slowly)$`,
          ),
        ),
        fields: expect.objectContaining({ provider: 'duckduckgo', code: codes[0] }),
      }),
    );
  });
});

describe('the assistant without web search', () => {
  it.each([
    { env: { ENABLE_WEB_SEARCH: '0' }, reason: /ENABLE_WEB_SEARCH/ },
    { env: { ENABLE_WEB_SEARCH: 'false' }, reason: /ENABLE_WEB_SEARCH/ },
    { env: { SEARCH_PROVIDER_PRIORITY: 'tavily,exa', TAVILY_KEYLESS: '0' }, reason: /TAVILY_API_KEY/ },
    { env: { WEB_SEARCH_MAX_RESULTS: 'lots' }, reason: /WEB_SEARCH_MAX_RESULTS/ },
  ])('$env: no tool, and the instructions say search is unavailable', async ({ env, reason }) => {
    const { search, agent, output } = await askAssistant(env, { query: 'weather Lisbon' });

    expect(search.enabled).toBe(false);
    expect(search.client).toBeUndefined();
    expect(search.reason).toMatch(reason);
    expect(agent.toolCtx.functionTools).toEqual({});
    expect(agent.instructions).toContain(SEARCH_UNAVAILABLE_RULES);
    expect(agent.instructions).not.toContain(READ_PAGE_TOOL_RULES);
    expect(agent.instructions).not.toContain(SEARCH_TOOL_RULES);
    // A model that calls the tool anyway gets the framework's "unknown function", and nothing is searched
    // (msw fails the test on any request).
    expect(output?.isError).toBe(true);
    expect(output?.output).toMatch(/Unknown function: search_internet/);
  });
});

describe('a malformed cache variable', () => {
  it('costs only the cache: the assistant still searches, and the log names the variable', async () => {
    const queries = replayHtmlEndpoint();
    const logger = recordingLogger();
    const setup = await buildSearchClient({ SEARCH_CACHE_TTL: 'an hour' }, logger);
    expect(setup.enabled).toBe(true);
    const first = await setup.client!.search({ query: 'lisbon weather' });
    const again = await setup.client!.search({ query: 'lisbon weather' });
    expect(first.results.length).toBeGreaterThan(0);
    expect(again.cached).toBe(false); // no cache: both went upstream
    expect(queries).toEqual(['lisbon weather', 'lisbon weather']);
    expect(logger.lines.filter((l) => l.level === 'error')).toEqual([
      {
        level: 'error',
        fields: { variable: 'SEARCH_CACHE_TTL' },
        msg: expect.stringMatching(/SEARCH_CACHE_TTL.*"an hour".*searching without the cache/),
      },
    ]);
  });
});

describe('the agent entry point', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is an agent definition whose prewarm builds the search client once per process', async () => {
    vi.stubEnv('ENABLE_WEB_SEARCH', 'off');
    // Importing it must not start the CLI: that only happens when it is run as a script.
    const { default: definition } = await import('../src/main.ts');
    expect(isAgent(definition)).toBe(true);
    const proc = { userData: {} } as unknown as JobProcess<Record<string, unknown>>;
    await definition.prewarm?.(proc as never);
    expect(proc.userData.search).toMatchObject({ enabled: false });
    expect(proc.userData.prompt).toMatchObject({
      name: 'Scout',
      tools: [SEARCH_TOOL_NAME, READ_PAGE_TOOL_NAME],
    });
  });

  it('uses LiveKit Inference models unless STT_MODEL, LLM_MODEL or TTS_MODEL say otherwise', () => {
    expect(readModelConfig({})).toEqual(DEFAULT_MODELS);
    expect(DEFAULT_MODELS).toEqual({
      stt: 'deepgram/nova-3',
      llm: 'openai/gpt-4.1-mini',
      tts: 'cartesia/sonic-2',
    });
    expect(readModelConfig({ LLM_MODEL: 'openai/gpt-4.1', TTS_MODEL: ' ' })).toEqual({
      ...DEFAULT_MODELS,
      llm: 'openai/gpt-4.1',
    });
  });

  it('rejects a malformed prompt file with a message naming the problem', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agent-prompt-'));
    const file = join(dir, 'bad.json');
    await writeFile(file, JSON.stringify({ name: 'X', persona: [], greeting: 'hi' }));
    await expect(loadPrompt(file)).rejects.toThrow(/Invalid prompt file .*persona/s);
    await writeFile(file, '{"name": "X", "persona": ["Hi"],');
    await expect(loadPrompt(file)).rejects.toThrow(/Invalid prompt file .*bad\.json: not JSON/);
  });
});
