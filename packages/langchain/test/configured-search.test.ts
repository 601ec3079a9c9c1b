import { loadSearchConfig } from '@agent-search/core';
import { providerDefinition as tavily } from '@agent-search/provider-tavily/definition';
import { kit as tavilyKit } from '@agent-search/provider-tavily/testing';
import { useProviderSimulator } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { configuredWebSearch, type WebSearchArtifact } from '../src/index.ts';

const TAVILY_KEY = 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6';
const simulator = useProviderSimulator([tavilyKit]);

const config = (env: Record<string, string>) => loadSearchConfig(env, { definitions: [tavily] });

describe('configuredWebSearch: the tool only when search can work (seed 004)', () => {
  it('with no usable provider: no tool, and the reason for the instructions', () => {
    const search = configuredWebSearch(config({ TAVILY_KEYLESS: 'off' }));
    expect(search.tools).toEqual([]);
    expect(search.unavailable).toBe(
      'Web search is unavailable: no search provider is usable (tavily: TAVILY_API_KEY not set).',
    );
  });

  it('with a usable provider: web_search, which searches', async () => {
    const search = configuredWebSearch(
      config({ TAVILY_API_KEY: TAVILY_KEY, TAVILY_BASE_URL: simulator().baseURL(tavilyKit) }),
    );
    expect(search.unavailable).toBeUndefined();
    expect(search.tools.map((t) => t.name)).toEqual(['web_search']);
    const message = await search.tools[0]!.invoke({
      type: 'tool_call',
      id: 'call-1',
      name: 'web_search',
      args: { query: 'heat pump efficiency' },
    });
    expect((message.artifact as WebSearchArtifact & { provider: string }).provider).toBe('tavily');
    expect(simulator().calls('tavily')).toBe(1);
  });
});
