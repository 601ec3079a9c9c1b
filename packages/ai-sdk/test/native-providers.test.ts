import { createSearchClient } from '@agent-search/core';
import { providerKit } from '@agent-search/registry/testing';
import { HEAT_PUMP_ENTRIES as ENTRIES, hostileResults, useHostileUpstream } from '@agent-search/testing';
import { generateText, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { webSearchTool } from '../src/index.ts';
import { toolCallingModel } from './mock-model.ts';

// The LLM vendors' own searches behind our AI SDK tool (for a model that cannot search itself), each
// provider built by its kit and pointed at a loopback server answering like its API.
const upstream = useHostileUpstream();

/** A model that calls web_search once, then answers. */
const searchingModel = () =>
  toolCallingModel(
    { toolName: 'web_search', input: { query: 'heat pump', max_results: 2 } },
    { answer: 'Heat pumps move heat.' },
  ).model;

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
