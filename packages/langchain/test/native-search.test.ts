import { createSearchClient } from '@agent-search/core';
import { createTavilyProvider } from '@agent-search/provider-tavily';
import { kit as tavilyKit } from '@agent-search/provider-tavily/testing';
import { providerKit } from '@agent-search/registry/testing';
import {
  HEAT_PUMP_ENTRIES as ENTRIES,
  hostileResults,
  useHostileUpstream,
  useProviderSimulator,
} from '@agent-search/testing';
import { ChatAnthropic } from '@langchain/anthropic';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { ChatOpenAI, ChatOpenAICompletions, ChatOpenAIResponses } from '@langchain/openai';
import { describe, expect, it } from 'vitest';
import { searchToolsFor, type webSearchTool } from '../src/index.ts';

// Real LangChain chat model classes pointed at a loopback server that answers like each vendor's API (the
// answer its provider kit serves: cited pages and a written answer), and a simulated Tavily behind our client:
// with the vendor's own search bound, the model's one request carries the tool and Tavily is never called.
const upstream = useHostileUpstream();
const simulator = useProviderSimulator([tavilyKit]);
const client = () =>
  createSearchClient({
    providers: [
      createTavilyProvider({
        apiKey: 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6',
        baseURL: simulator().baseURL(tavilyKit),
      }),
    ],
  });

const openai = await providerKit('openai');
const anthropic = await providerKit('anthropic');
const gemini = await providerKit('gemini');

const MODELS = [
  {
    name: 'ChatOpenAI',
    kit: openai,
    source: 'openai',
    make: () =>
      new ChatOpenAI({
        model: 'gpt-4.1-mini',
        apiKey: openai.apiKey!,
        configuration: { baseURL: upstream.baseURL(openai) },
        maxRetries: 0,
      }),
    // The Responses API's tools, with web_search among them.
    tool: (body: Record<string, unknown>) => body.tools,
    expected: [expect.objectContaining({ type: 'web_search' })],
  },
  {
    name: 'ChatOpenAIResponses',
    kit: openai,
    source: 'openai',
    make: () =>
      new ChatOpenAIResponses({
        model: 'gpt-4.1-mini',
        apiKey: openai.apiKey!,
        configuration: { baseURL: upstream.baseURL(openai) },
        maxRetries: 0,
      }),
    tool: (body: Record<string, unknown>) => body.tools,
    expected: [expect.objectContaining({ type: 'web_search' })],
  },
  {
    name: 'ChatAnthropic',
    kit: anthropic,
    source: 'anthropic',
    make: () =>
      new ChatAnthropic({
        model: 'claude-sonnet-4-5',
        apiKey: anthropic.apiKey!,
        anthropicApiUrl: upstream.baseURL(anthropic),
        maxRetries: 0,
      }),
    tool: (body: Record<string, unknown>) => body.tools,
    expected: [expect.objectContaining({ type: 'web_search_20250305', name: 'web_search' })],
  },
  {
    name: 'ChatGoogleGenerativeAI',
    kit: gemini,
    source: 'google',
    make: () =>
      new ChatGoogleGenerativeAI({
        model: 'gemini-2.5-flash',
        apiKey: gemini.apiKey!,
        baseUrl: upstream.baseURL(gemini),
        maxRetries: 0,
      }),
    tool: (body: Record<string, unknown>) => body.tools,
    expected: [{ googleSearch: {} }],
  },
] as const;

describe('searchToolsFor (LangChain)', () => {
  it.each(MODELS)(
    '$name gets its vendor’s search: one request to the vendor carries the tool, none reaches a search provider',
    async ({ kit, source, make, tool, expected }) => {
      upstream.answer(kit, hostileResults(kit, ENTRIES));
      const model = make();
      const found = await searchToolsFor(model, { client: client() });
      expect(found.source).toBe(source);
      const answer = await model.bindTools(found.tools).invoke('How do heat pumps work?');
      expect(upstream.requests).toHaveLength(1);
      const request = upstream.requests[0]!;
      expect(request.path.startsWith(`/${kit.definition.id}`)).toBe(true);
      expect(tool(JSON.parse(request.body) as Record<string, unknown>)).toEqual(expected);
      // The vendor's written answer comes back in the model's own message: nothing left for a loop to run.
      expect(answer.text).toContain('How heat pumps work');
      expect(answer.tool_calls ?? []).toEqual([]);
      expect(simulator().calls('tavily')).toBe(0);
    },
  );

  it('a model with no hosted search (Chat Completions, a fake model) gets our web_search, which searches through the client', async () => {
    const completions = new ChatOpenAICompletions({ model: 'gpt-4.1-mini', apiKey: openai.apiKey! });
    for (const model of [completions, new FakeListChatModel({ responses: ['ok'] })]) {
      const found = await searchToolsFor(model, { client: client() });
      expect(found.source).toBe('agent-search');
      expect(found.tools[0]).toMatchObject({ name: 'web_search' });
    }
    const { tools } = await searchToolsFor(completions, { client: client() });
    const [ours] = tools as [ReturnType<typeof webSearchTool>];
    const text = await ours.invoke({ query: 'heat pump efficiency', max_results: 2 });
    expect(String(text)).toContain('[1]');
    expect(simulator().calls('tavily')).toBe(1);
    expect(upstream.requests).toHaveLength(0);
  });

  it('native: false gives a vendor’s model our tool, with the options passed on', async () => {
    const model = new ChatAnthropic({ model: 'claude-sonnet-4-5', apiKey: anthropic.apiKey! });
    const found = await searchToolsFor(model, {
      client: client(),
      native: false,
      description: 'Search the web.',
    });
    expect(found.source).toBe('agent-search');
    expect(found.tools[0]).toMatchObject({ name: 'web_search', description: 'Search the web.' });
  });
});
