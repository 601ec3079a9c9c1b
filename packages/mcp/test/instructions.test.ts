import { loadSearchConfig } from '@agent-search/core';
import { loadProviderKits } from '@agent-search/registry/testing';
import { useProviderSimulator } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { PROVIDER_DEFINITIONS } from '../src/registry.ts';
import { webSearchTool } from '../src/web-search-tool.ts';
import { connectInMemory } from './connect.ts';
import { loopbackEnv, textOf } from './loopback.ts';

const simulator = useProviderSimulator(await loadProviderKits());

describe('the server instructions', () => {
  it('ask the model to cite what the tool text shows: numbers and sites, not URLs it never receives', async () => {
    const { client: search } = loadSearchConfig(loopbackEnv(simulator()), {
      definitions: PROVIDER_DEFINITIONS,
    });
    const client = await connectInMemory({ tools: [webSearchTool({ client: search })] });

    const result = await client.callTool({
      name: 'web_search',
      arguments: { query: 'heat pumps in winter' },
    });
    const text = textOf(result);
    expect(text).toMatch(/^\[1\] /m);
    expect(text).not.toMatch(/https?:\/\//);

    const instructions = client.getInstructions() ?? '';
    expect(instructions).toContain('web_search');
    expect(instructions).toContain('[n]');
    expect(instructions).not.toMatch(/\burls?\b/i);
    const { tools } = await client.listTools();
    const description = tools.find((t) => t.name === 'web_search')?.description ?? '';
    expect(description).toContain('cite them by number');
    expect(description).not.toMatch(/\burls?\b/i);
    await client.close();
  });

  it('in the agent-server format, ask for the titles and urls the envelope holds', async () => {
    const { client: search } = loadSearchConfig(loopbackEnv(simulator()), {
      definitions: PROVIDER_DEFINITIONS,
    });
    const client = await connectInMemory({
      tools: [webSearchTool({ client: search, format: 'agent-server' })],
    });

    const result = await client.callTool({
      name: 'web_search',
      arguments: { query: 'heat pumps in winter' },
    });
    const envelope = JSON.parse(textOf(result)) as { results: { title: string; url: string }[] };
    expect(envelope.results[0]!.url).toMatch(/^https?:\/\//);
    expect(textOf(result)).not.toMatch(/^\[1\] /m);

    const instructions = client.getInstructions() ?? '';
    expect(instructions).toContain('web_search');
    expect(instructions).toMatch(/\btitle\b.*\burl\b/);
    expect(instructions).not.toContain('[n]');
    // The tool's own description says the same: no numbered results in this format.
    const { tools } = await client.listTools();
    const description = tools.find((t) => t.name === 'web_search')?.description ?? '';
    expect(description).toMatch(/\btitle\b.*\burl\b/);
    expect(description).not.toMatch(/numbered|by number/);
    await client.close();
  });
});
