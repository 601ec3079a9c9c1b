import type { Env } from '@agent-search/core';
import { SEARCH_TOOL_NAME } from '@agent-search/livekit-tool';
import { providerKit } from '@agent-search/registry/testing';
import { type HostileEntry, hostileResults, useHostileUpstream, useMswServer } from '@agent-search/testing';
import { initializeLogger, voice } from '@livekit/agents';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAssistant } from '../src/assistant.ts';
import { loadPrompt } from '../src/prompt.ts';
import { buildSearchClient } from '../src/search.ts';

// The providers' own test kits: their routes and answers.
const searxng = await providerKit('searxng');
const brave = await providerKit('brave');
const serpapi = await providerKit('serpapi');

// The assistant with Brave or SearXNG configured by their variables alone, each pointed at a loopback server
// answering like its API. msw stands in for DuckDuckGo: it answers with its bot challenge.
initializeLogger({ pretty: false, level: 'silent' });
const server = useMswServer();
const BRAVE_KEY = 'BSA-agent0test0key0do0not0leak0000000';
const SERPAPI_KEY = '9d2e7c41agent0test0key0do0not0leak0b3a8f6e0c1d5';

const ENTRIES: HostileEntry[] = [
  { title: 'Lisbon weather today', url: 'https://weather.example.pt/lisbon', snippet: 'Sunny, 24 °C.' },
  { title: 'IPMA forecast', url: 'https://www.ipma.pt/en/forecast/lisbon', snippet: 'Clear skies all week.' },
];

const upstream = useHostileUpstream(server);
beforeEach(() => {
  server.use(
    http.post('https://html.duckduckgo.com/html/', () =>
      HttpResponse.html('<html>anomaly-modal</html>', { status: 202 }),
    ),
    http.get('https://duckduckgo.com/', () => HttpResponse.text('', { status: 403 })),
    http.get('https://links.duckduckgo.com/d.js', () => HttpResponse.text('', { status: 403 })),
  );
});

/** One user turn: the fake LLM calls search_internet; returns the setup and the tool's parsed output. */
async function ask(env: Env) {
  const search = await buildSearchClient(env);
  const agent = createAssistant({ prompt: await loadPrompt(), search });
  const userInput = 'what is the weather in Lisbon?';
  const llm = new voice.testing.FakeLLM([
    { input: userInput, toolCalls: [{ name: SEARCH_TOOL_NAME, args: { query: 'weather Lisbon' } }] },
  ]);
  const session = new voice.AgentSession({ llm, vad: null, turnHandling: { turnDetection: null } });
  await session.start({ agent });
  try {
    const run = await session.run({ userInput }).wait();
    const [output] = run.events.filter(voice.testing.isFunctionCallOutputEvent);
    return { search, output: JSON.parse(output?.item.output ?? '{}') as { results?: { href: string }[] } };
  } finally {
    await session.close();
  }
}

describe('the assistant with a new provider configured by its variable alone', () => {
  it('SearXNG (SEARXNG_URL): enabled first, and the tool answers from the instance', async () => {
    upstream.answer(searxng, hostileResults(searxng, ENTRIES));
    const { search, output } = await ask({ SEARXNG_URL: upstream.baseURL(searxng) });
    expect(search.providers.filter((p) => p.enabled).map((p) => p.id)).toEqual([
      'searxng',
      'duckduckgo',
      'tavily',
    ]);
    expect(output.results?.map((r) => r.href)).toEqual(ENTRIES.map((e) => e.url));
    expect(upstream.requests.map((r) => r.path)).toEqual(['/searxng/search']);
  });

  it('Brave (BRAVE_API_KEY, BRAVE_BASE_URL): the tool answers from Brave when DuckDuckGo is blocked', async () => {
    upstream.answer(brave, hostileResults(brave, ENTRIES));
    const { search, output } = await ask({
      BRAVE_API_KEY: BRAVE_KEY,
      BRAVE_BASE_URL: upstream.baseURL(brave),
    });
    expect(search.providers.filter((p) => p.enabled).map((p) => p.id)).toEqual([
      'duckduckgo',
      'brave',
      'tavily',
    ]);
    expect(output.results?.map((r) => r.href)).toEqual(ENTRIES.map((e) => e.url));
    expect(upstream.requests[0]?.headers['x-subscription-token']).toBe(BRAVE_KEY);
  });

  it('SerpApi (SERPAPI_API_KEY, SERPAPI_BASE_URL): the tool answers from Google results when DuckDuckGo is blocked', async () => {
    upstream.answer(serpapi, hostileResults(serpapi, ENTRIES));
    const { search, output } = await ask({
      SERPAPI_API_KEY: SERPAPI_KEY,
      SERPAPI_BASE_URL: upstream.baseURL(serpapi),
    });
    expect(search.providers.filter((p) => p.enabled).map((p) => p.id)).toEqual([
      'duckduckgo',
      'serpapi',
      'tavily',
    ]);
    expect(output.results?.map((r) => r.href)).toEqual(ENTRIES.map((e) => e.url));
    const params = new URLSearchParams(upstream.requests[0]?.search);
    expect([params.get('engine'), params.get('q'), params.get('api_key')]).toEqual([
      'google',
      'weather Lisbon',
      SERPAPI_KEY,
    ]);
  });
});
