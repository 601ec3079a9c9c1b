import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readPage } from '@agent-search/reader';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InFlightCalls } from '../src/in-flight.ts';
import { readPageTool } from '../src/read-page-tool.ts';
import { createSearchMcpServer } from '../src/server.ts';

// A loopback site: an article among navigation and a cookie banner, and a robots.txt that allows it.
const ARTICLE = `<!doctype html><html><head><title>Heat pumps in winter</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<div class="cookie-banner">We use cookies. <button>Accept</button></div>
<article><h1>Heat pumps in winter</h1>
<p>Heat pumps keep working far below freezing: modern units reach minus twenty-five degrees.</p>
<p>Their efficiency falls as the outside air gets colder, but stays above that of resistive heating.</p>
<p>Installers size them for the coldest week of the year, with a backup element for the rare extremes.</p>
</article><footer>© Example News</footer></body></html>`;

let site: Server;
let origin: string;
beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/robots.txt')
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
  });
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => site.close());

async function connect(tools: Parameters<typeof createSearchMcpServer>[0]['tools']) {
  const server = createSearchMcpServer({ tools, inFlight: new InFlightCalls(), version: '0.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '0.0.0' });
  await client.connect(clientSide);
  return client;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n');

describe('read_page over MCP', () => {
  it('is listed read-only and open-world, and returns the article as Markdown with the page in structuredContent', async () => {
    // Loopback is allowed for this test's own origin only; the defaults never allow it.
    const client = await connect([
      readPageTool({ read: (url, options) => readPage(url, { ...options, allowPrivateOrigins: [origin] }) }),
    ]);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['read_page']);
    expect(tools[0]!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });

    const result = await client.callTool({ name: 'read_page', arguments: { url: `${origin}/heat-pumps` } });
    expect(result.isError).toBeFalsy();
    const text = textOf(result);
    expect(text).toContain('modern units reach minus twenty-five degrees');
    expect(text).toContain('backup element for the rare extremes');
    expect(text).not.toMatch(/We use cookies|Accept/);
    expect(result.structuredContent).toMatchObject({ title: 'Heat pumps in winter', truncated: false });
    await client.close();
  });

  it('with the defaults, a loopback address is refused as a tool error with the reader’s sentence', async () => {
    const client = await connect([readPageTool()]);
    const result = await client.callTool({ name: 'read_page', arguments: { url: `${origin}/heat-pumps` } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/address|private|public/i);
    await client.close();
  });

  it('a URL argument that is not a string is a tool error naming it, not a crash', async () => {
    const client = await connect([readPageTool()]);
    const result = await client.callTool({ name: 'read_page', arguments: { url: 42 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/url/);
    await client.close();
  });
});
