import { createSearchClient } from '@agent-search/core';
import type { WebSearchOutput } from '@agent-search/core/views';
import { providerKit } from '@agent-search/registry/testing';
import { HEAT_PUMP_ENTRIES as ENTRIES, hostileResults, useHostileUpstream } from '@agent-search/testing';
import type { ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { webSearchTool } from '../src/index.ts';

// The LLM vendors' own searches behind the LangChain tool, each provider built by its kit and pointed at a
// loopback server answering like its API.

const upstream = useHostileUpstream();

describe('webSearchTool (LangChain) over the native providers', () => {
  it.each(['openai', 'anthropic', 'gemini'])('answers a tool call from %s’s cited pages', async (id) => {
    const kit = await providerKit(id);
    upstream.answer(kit, hostileResults(kit, ENTRIES));
    const provider = kit.create({ apiKey: kit.apiKey, baseURL: upstream.baseURL(kit) });
    const tool = webSearchTool({ client: createSearchClient({ providers: [provider] }) });
    const message = (await tool.invoke({
      type: 'tool_call',
      id: 'call-1',
      name: 'web_search',
      args: { query: 'heat pump', max_results: 2 },
    })) as ToolMessage;
    const artifact = message.artifact as WebSearchOutput;
    expect(artifact.provider).toBe(id);
    expect(artifact.results.map((r) => [r.url, r.snippet])).toEqual(ENTRIES.map((e) => [e.url, e.snippet]));
    expect(String(message.content)).toContain('[1] Heat pump systems');
    expect(JSON.stringify(message)).not.toContain(kit.apiKey!);
  });
});
