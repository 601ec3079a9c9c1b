import { loadSearchConfig } from '@agent-search/core';
import { loadProviderKits } from '@agent-search/registry/testing';
import { useProviderSimulator } from '@agent-search/testing';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as HttpTransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as HttpTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type McpHttpServer, startMcpHttpServer } from '../src/http-server.ts';
import { PROVIDER_DEFINITIONS } from '../src/registry.ts';
import { createSearchMcpServer } from '../src/server.ts';
import { webSearchTool } from '../src/web-search-tool.ts';
import { loopbackEnv, textOf } from './loopback.ts';

// Clients of both protocol eras against one HTTP server, each on its own SDK line: the v2 client
// (`@modelcontextprotocol/client`) pinned to 2026-07-28 (stateless: no initialize, no session), and in its
// default 2025 mode; the v1 client (`@modelcontextprotocol/sdk`), which opens a session.

const simulator = useProviderSimulator(await loadProviderKits());
const TOKEN = 'eras-bearer-token-5c1d9e7a3b';

let server: McpHttpServer | undefined;
const clients: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
  await server?.close();
  server = undefined;
});

/** The HTTP server with web_search on the loopback simulator; `seen` collects the client of each server made. */
async function serve(token?: string) {
  const { client: search } = loadSearchConfig(loopbackEnv(simulator()), {
    definitions: PROVIDER_DEFINITIONS,
  });
  const seen: string[] = [];
  server = await startMcpHttpServer({
    ...(token ? { token } : {}),
    createServer: (client) => {
      seen.push(client.id);
      return createSearchMcpServer({ tools: [webSearchTool({ client: search })], clientId: client.id });
    },
  });
  return { url: new URL(server.url), seen };
}

async function connectV2(url: URL, pin: boolean, headers: Record<string, string> = {}) {
  const client = new ClientV2(
    { name: 'eras-v2', version: '1.0.0' },
    pin ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  await client.connect(new HttpTransportV2(url, { requestInit: { headers } }));
  clients.push(client);
  return client;
}

async function connectV1(url: URL) {
  const client = new ClientV1({ name: 'eras-v1', version: '1.0.0' });
  await client.connect(new HttpTransportV1(url));
  clients.push(client);
  return client;
}

describe('MCP protocol eras over Streamable HTTP', () => {
  it('a v2 client pinned to 2026-07-28 lists and calls web_search statelessly: no session is kept', async () => {
    const { url, seen } = await serve();
    const client = await connectV2(url, true);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(client.getProtocolEra()).toBe('modern');

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['web_search']);
    expect(tools[0]!.inputSchema.required).toEqual(['query']);
    const result = await client.callTool({
      name: 'web_search',
      arguments: { query: 'heat pump modern era', max_results: 2 },
    });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as { provider: string; results: { url: string }[] };
    expect(structured.provider).toBe('tavily');
    expect(structured.results).toHaveLength(2);
    expect(textOf(result)).toContain('[1] ');
    expect(simulator().calls('tavily')).toBe(1);
    // Stateless: nothing kept between requests, and each request's server knew the client's address.
    expect(server!.sessions()).toBe(0);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(new Set(seen)).toEqual(new Set(['127.0.0.1']));
  });

  it('a v1 client still opens a 2025 session and calls web_search', async () => {
    const { url } = await serve();
    const client = await connectV1(url);
    expect(server!.sessions()).toBe(1);
    const result = await client.callTool({
      name: 'web_search',
      arguments: { query: 'heat pump legacy era' },
    });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { results: unknown[] }).results.length).toBeGreaterThan(0);
    expect(simulator().calls('tavily')).toBe(1);
  });

  it('a v2 client in its default (2025) mode and a pinned one share a server', async () => {
    const { url } = await serve();
    const legacy = await connectV2(url, false);
    const modern = await connectV2(url, true);
    expect(legacy.getProtocolEra()).toBe('legacy');
    expect(modern.getProtocolEra()).toBe('modern');
    expect(server!.sessions()).toBe(1);
    for (const [i, client] of [legacy, modern].entries()) {
      const result = await client.callTool({
        name: 'web_search',
        arguments: { query: `shared server ${i}` },
      });
      expect(result.isError).toBeFalsy();
    }
    expect(simulator().calls('tavily')).toBe(2);
  });

  it('a 2026-07-28 request needs the token like any other: refused without it, answered with it', async () => {
    const { url } = await serve(TOKEN);
    await expect(connectV2(url, true)).rejects.toThrow();
    await expect(connectV2(url, true, { authorization: 'Bearer wrong-token-0000000000' })).rejects.toThrow();
    const client = await connectV2(url, true, { authorization: `Bearer ${TOKEN}` });
    const result = await client.callTool({
      name: 'web_search',
      arguments: { query: 'heat pump with token' },
    });
    expect(result.isError).toBeFalsy();
    expect(simulator().calls('tavily')).toBe(1);
  });
});
