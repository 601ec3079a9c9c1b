import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createSearchClient } from '@agent-search/core';
import { createTavilyProvider } from '@agent-search/provider-tavily';
import { useMswServer } from '@agent-search/testing';
import { voice } from '@livekit/agents';
import * as google from '@livekit/agents-plugin-google';
import { HttpResponse, http, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_TOOL_NAME } from '../src/index.ts';
import { searchToolsFor } from '../src/native-search.ts';
import './harness.ts';

// A real AgentSession on the Google plugin's real LLM, pointed at a loopback server streaming like Gemini's
// streamGenerateContent (server-sent events: the model's text with its grounding). With Google's search given
// to a Gemini 3 model, the turn is one request to the vendor carrying {googleSearch: {}}, and no search
// provider is asked. Tavily is msw, counted.
const server = useMswServer();
let tavilyCalls = 0;
beforeEach(() => {
  tavilyCalls = 0;
  server.use(
    http.post('https://api.tavily.com/search', () => {
      tavilyCalls++;
      return HttpResponse.json({ query: 'q', results: [] });
    }),
    // The session prewarms the plugin's client (a model list) on Google's own host: answered here, not sent.
    http.get('https://generativelanguage.googleapis.com/*', () => HttpResponse.json({ models: [] })),
    // The loopback Gemini is a real server: its requests pass msw by.
    http.all(`${geminiUrl}/*`, () => passthrough()),
  );
});

const requests: { path: string; body: Record<string, unknown> }[] = [];
let gemini: Server;
let geminiUrl = '';
const ANSWER = 'Heat pumps move heat from outside air into the house, even in winter.';
beforeAll(async () => {
  gemini = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    requests.push({ path: req.url ?? '', body: JSON.parse(body) as Record<string, unknown> });
    const chunk = {
      candidates: [
        {
          content: { role: 'model', parts: [{ text: ANSWER }] },
          finishReason: 'STOP',
          groundingMetadata: {
            webSearchQueries: ['how do heat pumps work'],
            groundingChunks: [{ web: { uri: 'https://www.energy.gov/heat-pumps', title: 'energy.gov' } }],
          },
        },
      ],
      usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 14, totalTokenCount: 26 },
      modelVersion: 'gemini-3-flash-preview',
    };
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(`data: ${JSON.stringify(chunk)}\r\n\r\n`);
  });
  gemini.listen(0, '127.0.0.1');
  await once(gemini, 'listening');
  geminiUrl = `http://127.0.0.1:${(gemini.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => gemini.close(() => resolve())));

const client = () =>
  createSearchClient({ providers: [createTavilyProvider({ apiKey: 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6' })] });
const geminiLlm = (model: string) =>
  new google.LLM({
    model,
    apiKey: 'AIzaSy-lk0native0key0do0not0leak0000',
    httpOptions: { baseUrl: geminiUrl },
  });

describe('searchToolsFor (LiveKit)', () => {
  it("a Gemini 3 model on the Developer API gets Google's search: one request carries it, no search provider is asked", async () => {
    requests.length = 0;
    const model = geminiLlm('gemini-3-flash-preview');
    const found = await searchToolsFor(model, { client: client() });
    expect(found.source).toBe('google');
    expect(found.tools).toEqual([expect.any(google.GoogleSearch)]);
    const session = new voice.AgentSession({ llm: model, vad: null, turnHandling: { turnDetection: null } });
    await session.start({
      agent: new voice.Agent({ instructions: 'You are a test agent.', tools: found.tools }),
    });
    try {
      const run = await session.run({ userInput: 'how do heat pumps work?' }).wait();
      const said = run.events.filter(voice.testing.isChatMessageEvent).map((e) => e.item.textContent);
      expect(said.join(' ')).toContain(ANSWER);
    } finally {
      await session.close();
    }
    expect(requests).toHaveLength(1);
    expect(requests[0]!.path).toMatch(/gemini-3-flash-preview:streamGenerateContent/);
    expect(requests[0]!.body.tools).toEqual([{ googleSearch: {} }]);
    expect(tavilyCalls).toBe(0);
  });

  it('an older Gemini model (the plugin would drop the provider tool beside function tools), native: false, or another LLM gets search_internet', async () => {
    for (const [model, native] of [
      [geminiLlm('gemini-2.5-flash'), true],
      [geminiLlm('gemini-3-flash-preview'), false],
      [new voice.testing.FakeLLM([]), true],
    ] as const) {
      const found = await searchToolsFor(model, { client: client(), native });
      expect(found.source).toBe('agent-search');
      expect(found.tools.map((t) => (t as { name?: string }).name)).toEqual([SEARCH_TOOL_NAME]);
    }
  });
});
