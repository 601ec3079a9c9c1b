import { loadProviderKits } from '@agent-search/registry/testing';
import { useProviderSimulator } from '@agent-search/testing';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioTransportV2 } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, connectStdio, requireBuiltServer } from './connect.ts';
import { loopbackEnv, textOf } from './loopback.ts';

// The published command over stdio, started by clients of both protocol eras: the v2 SDK's client pinned to
// 2026-07-28 (its era picked by `server/discover`, no `initialize`), and the v1 SDK's client (2025).

requireBuiltServer();
const simulator = useProviderSimulator(await loadProviderKits());
const closing: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((c) => c.close().catch(() => undefined)));
});

describe('agent-search-mcp over stdio, by protocol era', () => {
  it('a v2 client pinned to 2026-07-28 lists and calls web_search', async () => {
    const client = new ClientV2(
      { name: 'eras-stdio-v2', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new StdioTransportV2({
        command: process.execPath,
        args: [BIN],
        env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1', ...loopbackEnv(simulator()) },
      }),
    );
    closing.push(client);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['web_search', 'read_page']);
    const result = await client.callTool({
      name: 'web_search',
      arguments: { query: 'heat pump stdio modern', max_results: 2 },
    });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { results: unknown[] }).results).toHaveLength(2);
    expect(textOf(result)).toContain('[2] ');
    expect(simulator().calls('tavily')).toBe(1);
  });

  it('a v1 client still connects with initialize and calls web_search', async () => {
    const { client, transport } = await connectStdio(loopbackEnv(simulator()));
    closing.push(client);
    expect(transport.pid).toBeTypeOf('number');
    const result = await client.callTool({
      name: 'web_search',
      arguments: { query: 'heat pump stdio legacy' },
    });
    expect(result.isError).toBeFalsy();
    expect(simulator().calls('tavily')).toBe(1);
  });
});
