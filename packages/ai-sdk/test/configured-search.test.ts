import { loadSearchConfig } from '@agent-search/core';
import { providerDefinition as tavily } from '@agent-search/provider-tavily/definition';
import { kit as tavilyKit } from '@agent-search/provider-tavily/testing';
import { useProviderSimulator } from '@agent-search/testing';
import { generateText, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { configuredWebSearch } from '../src/index.ts';
import { toolCallingModel } from './mock-model.ts';

const TAVILY_KEY = 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6';
const simulator = useProviderSimulator([tavilyKit]);

const config = (env: Record<string, string>) => loadSearchConfig(env, { definitions: [tavily] });

describe('configuredWebSearch: the tool only when search can work (seed 004)', () => {
  it('with no usable provider: no tool, and the reason for the instructions', async () => {
    const search = configuredWebSearch(config({ TAVILY_KEYLESS: 'off' }));
    expect(search.tools).toEqual({});
    expect(search.unavailable).toBe(
      'Web search is unavailable: no search provider is usable (tavily: TAVILY_API_KEY not set).',
    );
    // The model is offered no tool and told why, so it answers that search is unavailable.
    const { model, calls } = toolCallingModel(undefined, { answer: 'I cannot search the web right now.' });
    const result = await generateText({
      model,
      tools: search.tools,
      system: search.unavailable,
      prompt: 'What is the weather in Lisbon?',
    });
    expect(calls[0]!.tools ?? []).toEqual([]);
    expect(JSON.stringify(calls[0]!.prompt[0])).toContain('Web search is unavailable');
    expect(result.text).toBe('I cannot search the web right now.');
    expect(simulator().calls('tavily')).toBe(0);
  });

  it('with a usable provider: web_search, which searches', async () => {
    const search = configuredWebSearch(
      config({ TAVILY_API_KEY: TAVILY_KEY, TAVILY_BASE_URL: simulator().baseURL(tavilyKit) }),
    );
    expect(search.unavailable).toBeUndefined();
    const { model, calls } = toolCallingModel(
      { toolName: 'web_search', input: { query: 'heat pump efficiency' } },
      { answer: 'Efficient [1].' },
    );
    const result = await generateText({
      model,
      tools: search.tools,
      prompt: 'Heat pumps?',
      stopWhen: stepCountIs(3),
    });
    expect(calls[0]!.tools?.map((t) => t.name)).toEqual(['web_search']);
    expect((result.steps[0]!.toolResults[0]!.output as { provider: string }).provider).toBe('tavily');
    expect(simulator().calls('tavily')).toBe(1);
  });
});
