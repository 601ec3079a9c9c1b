import { createSearchClient } from '@agent-search/core';
import { providerKit } from '@agent-search/registry/testing';
import { type HostileEntry, hostileResults, useHostileUpstream } from '@agent-search/testing';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { webSearchTool } from '../src/index.ts';

type LanguageModelV3GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

// The LLM vendors' own searches behind our AI SDK tool (for a model that cannot search itself), each
// provider built by its kit and pointed at a loopback server answering like its API.
const ENTRIES: HostileEntry[] = [
  { title: 'Heat pump systems', url: 'https://www.energy.gov/heat-pumps', snippet: 'How heat pumps work.' },
  {
    title: 'Heat pump - Wikipedia',
    url: 'https://en.wikipedia.org/wiki/Heat_pump',
    snippet: 'A heat pump moves heat.',
  },
];
const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

const upstream = useHostileUpstream();

/** A model that calls web_search once, then answers. */
function searchingModel() {
  let calls = 0;
  return new MockLanguageModelV3({
    doGenerate: async (): Promise<LanguageModelV3GenerateResult> =>
      ++calls === 1
        ? {
            content: [
              {
                type: 'tool-call',
                toolCallId: 'call-1',
                toolName: 'web_search',
                input: JSON.stringify({ query: 'heat pump', max_results: 2 }),
              },
            ],
            finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
            usage: USAGE,
            warnings: [],
          }
        : {
            content: [{ type: 'text', text: 'Heat pumps move heat.' }],
            finishReason: { unified: 'stop', raw: 'stop' },
            usage: USAGE,
            warnings: [],
          },
  });
}

describe('webSearchTool (AI SDK) over the native providers', () => {
  it.each(['openai', 'anthropic', 'gemini'])('answers a tool call from %s’s cited pages', async (id) => {
    const kit = await providerKit(id);
    upstream.answer(kit, hostileResults(kit, ENTRIES));
    const provider = kit.create({ apiKey: kit.apiKey, baseURL: upstream.baseURL(kit) });
    const result = await generateText({
      model: searchingModel(),
      tools: { web_search: webSearchTool({ client: createSearchClient({ providers: [provider] }) }) },
      prompt: 'Are heat pumps efficient?',
      stopWhen: stepCountIs(3),
    });
    const output = result.steps[0]!.toolResults[0]!.output as {
      provider: string;
      results: { url: string; snippet: string }[];
    };
    expect(output.provider).toBe(id);
    expect(output.results.map((r) => [r.url, r.snippet])).toEqual(ENTRIES.map((e) => [e.url, e.snippet]));
    expect(JSON.stringify(result.steps)).not.toContain(kit.apiKey!);
  });
});
