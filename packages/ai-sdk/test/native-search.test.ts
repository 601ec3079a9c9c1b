import { createSearchClient } from '@agent-search/core';
import { createTavilyProvider } from '@agent-search/provider-tavily';
import { kit as tavilyKit } from '@agent-search/provider-tavily/testing';
import { useProviderSimulator } from '@agent-search/testing';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { searchToolsFor } from '../src/index.ts';
import { toolCallingModel } from './mock-model.ts';

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

/**
 * A model of `provider` (an AI SDK provider id) that answers with `toolCall` first when given one, then
 * with text; it records what each call was offered.
 */
const mockModel = (provider: string, toolCall?: { toolName: string; input: Record<string, unknown> }) =>
  toolCallingModel(toolCall, { provider, answer: 'Heat pumps move heat rather than make it.' });

describe('searchToolsFor', () => {
  it.each([
    ['openai.responses', 'openai', 'web_search', 'openai.web_search'],
    ['anthropic.messages', 'anthropic', 'web_search', 'anthropic.web_search_20250305'],
    ['google.generative-ai', 'google', 'google_search', 'google.google_search'],
    ['google.vertex.chat', 'google', 'google_search', 'google.google_search'],
  ])(
    'a %s model gets its vendor’s own search tool: the request carries it and agent-search is never called',
    async (provider, source, name, id) => {
      const { model, calls } = mockModel(provider);
      const found = await searchToolsFor(model, { client: client() });
      expect(found.source).toBe(source);
      expect(Object.keys(found.tools)).toEqual([name]);
      const result = await generateText({ model, tools: found.tools, prompt: 'Are heat pumps efficient?' });
      expect(calls[0]!.tools).toEqual([expect.objectContaining({ type: 'provider', id, name })]);
      expect(result.text).toBe('Heat pumps move heat rather than make it.');
      expect(simulator().calls('tavily')).toBe(0);
    },
  );

  it.each([['mock-provider'], ['openai.chat'], ['mistral.chat']])(
    'a %s model (no hosted search we know) gets our web_search, which searches through the client',
    async (provider) => {
      const { model, calls } = mockModel(provider, {
        toolName: 'web_search',
        input: { query: 'heat pump efficiency', max_results: 2 },
      });
      const found = await searchToolsFor(model, { client: client() });
      expect(found.source).toBe('agent-search');
      const result = await generateText({
        model,
        tools: found.tools,
        prompt: 'Are heat pumps efficient?',
        stopWhen: stepCountIs(3),
      });
      expect(calls[0]!.tools).toEqual([expect.objectContaining({ type: 'function', name: 'web_search' })]);
      const output = result.steps[0]!.toolResults[0]!.output as { provider: string; results: unknown[] };
      expect(output.provider).toBe('tavily');
      expect(output.results).toHaveLength(2);
      expect(simulator().calls('tavily')).toBe(1);
    },
  );

  it('gives a gateway model id (a string) and native: false our tool, and passes our tool its options', async () => {
    expect((await searchToolsFor('openai/gpt-5', { client: client() })).source).toBe('agent-search');
    const { model, calls } = mockModel('anthropic.messages');
    const found = await searchToolsFor(model, {
      client: client(),
      native: false,
      description: 'Search the web.',
    });
    expect(found.source).toBe('agent-search');
    await generateText({ model, tools: found.tools, prompt: 'q' });
    expect(calls[0]!.tools).toEqual([
      expect.objectContaining({ type: 'function', name: 'web_search', description: 'Search the web.' }),
    ]);
  });

  it.each([
    ['openai.responses', 'openai.web_search', 'web_search'],
    ['anthropic.messages', 'anthropic.web_search_20250305', 'web_search'],
    ['google.generative-ai', 'google.google_search', 'google_search'],
  ])(
    'a %s model takes its vendor’s search from the providers given (a bundled Worker’s way), importing nothing',
    async (provider, id, name) => {
      const vendors = {
        openai: createOpenAI({ apiKey: 'sk-test' }),
        anthropic: createAnthropic({ apiKey: 'sk-ant-test' }),
        google: createGoogleGenerativeAI({ apiKey: 'g-test' }),
      };
      const tools = { openai: 0, anthropic: 0, google: 0 } as Record<string, number>;
      for (const [vendor, made] of Object.entries(vendors))
        for (const [key, make] of Object.entries(made.tools))
          (made.tools as Record<string, unknown>)[key] = (...args: unknown[]) => {
            tools[vendor]! += 1;
            return (make as (...a: unknown[]) => unknown)(...args);
          };
      const { model, calls } = mockModel(provider);
      const found = await searchToolsFor(model, { client: client(), vendors });
      expect(Object.keys(found.tools)).toEqual([name]);
      await generateText({ model, tools: found.tools, prompt: 'Are heat pumps efficient?' });
      expect(calls[0]!.tools).toEqual([expect.objectContaining({ type: 'provider', id, name })]);
      expect(tools[found.source]).toBe(1);
    },
  );
});
