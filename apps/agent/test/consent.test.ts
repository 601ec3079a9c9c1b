import type { Env } from '@agent-search/core';
import { SEARCH_TOOL_NAME } from '@agent-search/livekit-tool';
import { duckDuckGoHtmlPage, vqdPage } from '@agent-search/provider-duckduckgo/testing';
import { providerKit } from '@agent-search/registry/testing';
import { HEAT_PUMP_ENTRIES, hostileResults, useHostileUpstream, useMswServer } from '@agent-search/testing';
import { initializeLogger, voice } from '@livekit/agents';
import { delay, HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAssistant } from '../src/assistant.ts';
import { loadPrompt } from '../src/prompt.ts';
import { buildSearchClient } from '../src/search.ts';

// The assistant as a new user starts it: the LLM vendor's key set for the model plugin (apps/agent's README
// asks for OPENAI_API_KEY), DuckDuckGo blocked (msw answers with its bot challenge), and the vendor's API
// a loopback server counting what reaches it.
initializeLogger({ pretty: false, level: 'silent' });
const server = useMswServer();
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

/** One user turn in which the fake LLM calls search_internet; the setup and the tool's output. */
async function ask(env: Env) {
  const search = await buildSearchClient(env);
  const agent = createAssistant({ prompt: await loadPrompt(), search });
  const userInput = 'how do heat pumps work?';
  const llm = new voice.testing.FakeLLM([
    { input: userInput, toolCalls: [{ name: SEARCH_TOOL_NAME, args: { query: 'heat pump' } }] },
  ]);
  const session = new voice.AgentSession({ llm, vad: null, turnHandling: { turnDetection: null } });
  await session.start({ agent });
  try {
    const run = await session.run({ userInput }).wait();
    const [output] = run.events.filter(voice.testing.isFunctionCallOutputEvent);
    return { search, output: output?.item.output ?? '' };
  } finally {
    await session.close();
  }
}

const VENDORS = [
  ['openai', 'OPENAI_API_KEY', 'sk-proj-agent0test0key0do0not0leak00000'],
  ['anthropic', 'ANTHROPIC_API_KEY', 'sk-ant-api03-agent0test0key0do0not0leak0'],
  ['gemini', 'GEMINI_API_KEY', 'AIzaSy-agent0test0key0do0not0leak00000'],
] as const;

describe.each(VENDORS)('the assistant with only %s’s key (%s) set for its model', (id, keyEnv, key) => {
  it('searches DuckDuckGo only: it fails, the tool says so, and no request reaches the vendor', async () => {
    const kit = await providerKit(id);
    upstream.answer(kit, hostileResults(kit, HEAT_PUMP_ENTRIES));
    const { search, output } = await ask({
      [keyEnv]: key,
      [kit.definition.baseUrlEnv!]: upstream.baseURL(kit),
      TAVILY_KEYLESS: '0',
    });
    expect(search.providers.filter((p) => p.enabled).map((p) => p.id)).toEqual(['duckduckgo']);
    expect(JSON.parse(output)).toMatchObject({ results: [], error: expect.any(String) });
    expect(upstream.requests).toHaveLength(0);
    // The start-up log line says the vendor's search is off, what it would cost and how to turn it on.
    expect(search.cost).toMatch(
      new RegExp(
        `Off, as they would spend a key set for something else: .*${kit.definition.name} \\(about \\$0\\.0\\d+ a request\\).*; to use them, set SEARCH_NATIVE=1 or list native in SEARCH_PROVIDER_PRIORITY\\.`,
      ),
    );
  });

  it('DuckDuckGo slow (1.5 s): DuckDuckGo answers, no hedge reaches the vendor; with SEARCH_NATIVE=1 one does', async () => {
    const kit = await providerKit(id);
    upstream.answer(kit, hostileResults(kit, HEAT_PUMP_ENTRIES));
    server.use(
      http.post('https://html.duckduckgo.com/html/', async ({ request }) => {
        const query = new URLSearchParams(await request.text()).get('q') ?? '';
        await delay(1_500);
        return HttpResponse.html(duckDuckGoHtmlPage(query, HEAT_PUMP_ENTRIES.slice(0, 2)));
      }),
      http.get('https://duckduckgo.com/', ({ request }) =>
        HttpResponse.html(vqdPage(new URL(request.url).searchParams.get('q') ?? '')),
      ),
    );
    const env = { [keyEnv]: key, [kit.definition.baseUrlEnv!]: upstream.baseURL(kit), TAVILY_KEYLESS: '0' };
    const { output } = await ask(env);
    expect(output).toContain(HEAT_PUMP_ENTRIES[0]!.url);
    expect(upstream.requests).toHaveLength(0);
    await ask({ ...env, SEARCH_NATIVE: '1' });
    expect(upstream.requests.length).toBeGreaterThan(0);
  });

  it('with SEARCH_NATIVE=1 the vendor answers: the count above could have been one', async () => {
    const kit = await providerKit(id);
    upstream.answer(kit, hostileResults(kit, HEAT_PUMP_ENTRIES));
    const { output } = await ask({
      [keyEnv]: key,
      [kit.definition.baseUrlEnv!]: upstream.baseURL(kit),
      TAVILY_KEYLESS: '0',
      SEARCH_NATIVE: '1',
    });
    expect(output).toContain(HEAT_PUMP_ENTRIES[0]!.url);
    expect(upstream.requests).toHaveLength(1);
  });
});
