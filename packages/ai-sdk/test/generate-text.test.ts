import { createSearchClient } from '@agent-search/core';
import { WEB_SEARCH_TOOL_DESCRIPTION } from '@agent-search/core/views';
import { createTavilyProvider } from '@agent-search/provider-tavily';
import { kit as tavilyKit } from '@agent-search/provider-tavily/testing';
import { useProviderSimulator } from '@agent-search/testing';
import { generateText, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { webSearchTool } from '../src/index.ts';
import { toolCallingModel, toolResultSent } from './mock-model.ts';

const TAVILY_KEY = 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6';

const simulator = useProviderSimulator([tavilyKit]);

/** A model that calls web_search once with `input`, then answers; it records every prompt it gets. */
const searchingModel = (input: Record<string, unknown>) =>
  toolCallingModel({ toolName: 'web_search', input }, { answer: 'Heat pumps are efficient [1].' });

const client = () =>
  createSearchClient({
    providers: [createTavilyProvider({ apiKey: TAVILY_KEY, baseURL: simulator().baseURL(tavilyKit) })],
  });

describe('webSearchTool in generateText', () => {
  it('offers the model the tool, searches, and gives it the compact view while the program keeps results', async () => {
    const { model, calls } = searchingModel({ query: 'heat pump efficiency', max_results: 3 });
    const result = await generateText({
      model,
      tools: { web_search: webSearchTool({ client: client() }) },
      prompt: 'Are heat pumps efficient?',
      stopWhen: stepCountIs(3),
    });

    const offered = calls[0]!.tools?.[0];
    expect(offered).toMatchObject({
      type: 'function',
      name: 'web_search',
      description: WEB_SEARCH_TOOL_DESCRIPTION,
    });
    expect((offered as { inputSchema: { required?: string[] } }).inputSchema.required).toEqual(['query']);

    const [toolResult] = result.steps[0]!.toolResults;
    const output = toolResult!.output as {
      provider: string;
      results: { title: string; url: string; source: string }[];
    };
    expect(output.provider).toBe('tavily');
    expect(output.results).toHaveLength(3);

    const sent = toolResultSent(calls);
    expect(sent.type).toBe('text');
    const text = (sent as { value: string }).value;
    expect(text).toMatch(/^Results for "heat pump efficiency"/);
    for (const [i, r] of output.results.entries()) {
      expect(text).toContain(`[${i + 1}] `);
      expect(text).toContain(r.source);
      expect(text).not.toContain(r.url);
    }
    expect(text.length).toBeLessThan(JSON.stringify(output).length);
    expect(result.text).toBe('Heat pumps are efficient [1].');
    expect(simulator().calls('tavily')).toBe(1);
  });

  it('hands the model the LiveKit tool’s sentence when the search fails', async () => {
    simulator().configure('tavily', { faults: { rate_limited: 1 } });
    const { model, calls } = searchingModel({ query: 'heat pump outage' });
    await generateText({
      model,
      tools: { web_search: webSearchTool({ client: client() }) },
      prompt: 'Are heat pumps efficient?',
      stopWhen: stepCountIs(3),
    });
    expect(toolResultSent(calls)).toEqual({ type: 'error-text', value: 'rate limited' });
  });

  // Issue 33: one lenient reading on every surface. This tool used to refuse an out-of-range count with a
  // tool error holding zod's JSON; the tool layer clamps it, as the LiveKit tool always did.
  it('reads an out-of-range count leniently: 40 results asked are 10, searched once', async () => {
    const { model, calls } = searchingModel({ query: 'heat pump', max_results: 40 });
    const result = await generateText({
      model,
      tools: { web_search: webSearchTool({ client: client() }) },
      prompt: 'Are heat pumps efficient?',
      stopWhen: stepCountIs(3),
    });
    const sent = toolResultSent(calls) as { type: string; value: string };
    expect(sent.type).toBe('text');
    expect((result.steps[0]!.toolResults[0]!.output as { results: unknown[] }).results).toHaveLength(10);
    expect(simulator().calls('tavily')).toBe(1);
  });

  it('an empty query: the tool error holds the one sentence, not a validation dump, and nothing is searched', async () => {
    const { model, calls } = searchingModel({ query: '   ' });
    await generateText({
      model,
      tools: { web_search: webSearchTool({ client: client() }) },
      prompt: 'Are heat pumps efficient?',
      stopWhen: stepCountIs(3),
    });
    expect(toolResultSent(calls)).toEqual({
      type: 'error-text',
      value: 'empty query: say what to search for',
    });
    expect(simulator().calls('tavily')).toBe(0);
  });
});

describe('webSearchTool arguments and formats', () => {
  it('takes num_results as max_results', async () => {
    const { model } = searchingModel({ query: 'heat pump efficiency', num_results: 2 });
    const result = await generateText({
      model,
      tools: { web_search: webSearchTool({ client: client() }) },
      prompt: 'Are heat pumps efficient?',
      stopWhen: stepCountIs(3),
    });
    expect((result.steps[0]!.toolResults[0]!.output as { results: unknown[] }).results).toHaveLength(2);
  });

  it("format 'agent-server': the web_search_result envelope for the program and the model", async () => {
    const { model, calls } = searchingModel({ query: 'heat pump efficiency', num_results: 3 });
    const result = await generateText({
      model,
      tools: { web_search: webSearchTool({ client: client(), format: 'agent-server' }) },
      prompt: 'Are heat pumps efficient?',
      stopWhen: stepCountIs(3),
    });
    const output = result.steps[0]!.toolResults[0]!.output as {
      type: string;
      results: Record<string, unknown>[];
      count: number;
    };
    expect(output).toMatchObject({ type: 'web_search_result', query: 'heat pump efficiency', count: 3 });
    for (const r of output.results) expect(Object.keys(r).sort()).toEqual(['snippet', 'title', 'url']);
    expect(toolResultSent(calls)).toEqual({ type: 'text', value: JSON.stringify(output) });
    // The description tells the model what this format returns: titles and urls, no numbered list.
    const { description } = webSearchTool({ client: client(), format: 'agent-server' });
    expect(description).toMatch(/\btitle\b.*\burl\b/);
    expect(description).not.toMatch(/numbered|by number/);
  });

  it("format 'agent-server': a failure is the tool's error holding the web_search_error envelope", async () => {
    simulator().configure('tavily', { faults: { rate_limited: 1 } });
    const { model, calls } = searchingModel({ query: 'heat pump outage' });
    await generateText({
      model,
      tools: { web_search: webSearchTool({ client: client(), format: 'agent-server' }) },
      prompt: 'Are heat pumps efficient?',
      stopWhen: stepCountIs(3),
    });
    const sent = toolResultSent(calls) as { type: string; value: string };
    expect(sent.type).toBe('error-text');
    expect(JSON.parse(sent.value)).toEqual({
      type: 'web_search_error',
      query: 'heat pump outage',
      error: 'rate limited',
      error_type: 'rate_limited',
    });
  });
});
