import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readPage } from '@agent-search/reader';
import { LONG_ARTICLE, LONG_ARTICLE_ANSWER, SCRIPT_BUILT_PAGE } from '@agent-search/testing';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InFlightCalls } from '../src/in-flight.ts';
import { readPageTool } from '../src/read-page-tool.ts';
import type { SearchMcpServerOptions } from '../src/server.ts';
import { connectInMemory } from './connect.ts';

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
// Pages under /slow/ take 150 ms to answer; the site counts how many are being read at once.
let reading = 0;
let peakReading = 0;
beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/robots.txt')
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    else if (req.url === '/history')
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(LONG_ARTICLE);
    else if (req.url === '/gallery')
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SCRIPT_BUILT_PAGE);
    else if (req.url?.startsWith('/slow/')) {
      reading++;
      peakReading = Math.max(peakReading, reading);
      setTimeout(() => {
        reading--;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
      }, 150);
    } else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
  });
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => site.close());

const connect = (tools: SearchMcpServerOptions['tools']) =>
  connectInMemory({ tools, inFlight: new InFlightCalls(), version: '0.0.0' });

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

  it('a page with no readable text is a tool error with the no_content sentence', async () => {
    const client = await connect([
      readPageTool({ read: (url, options) => readPage(url, { ...options, allowPrivateOrigins: [origin] }) }),
    ]);
    const result = await client.callTool({ name: 'read_page', arguments: { url: `${origin}/gallery` } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/no text I could read/);
    await client.close();
  });

  it('reads within max_tokens, on from the offset in the note, and answers a question first', async () => {
    const client = await connect([
      readPageTool({ read: (url, options) => readPage(url, { ...options, allowPrivateOrigins: [origin] }) }),
    ]);
    const url = `${origin}/history`;
    const first = await client.callTool({ name: 'read_page', arguments: { url, max_tokens: 300 } });
    const page = first.structuredContent as { truncated: boolean; nextOffset?: number; totalChars?: number };
    expect(page.truncated).toBe(true);
    expect(page.totalChars).toBeGreaterThan(5_000);
    expect(textOf(first)).toContain(`call again with offset ${page.nextOffset}.]`);
    const next = await client.callTool({
      name: 'read_page',
      arguments: { url, max_tokens: 300, offset: page.nextOffset },
    });
    expect(textOf(next)).not.toMatch(/The 1800s|The 1810s/);
    expect(textOf(next)).toContain('## The 1820s');
    const asked = await client.callTool({
      name: 'read_page',
      arguments: {
        url,
        max_tokens: 300,
        question: "When did the lighthouse keeper's cottage become a museum?",
      },
    });
    const firstPassage = textOf(asked).split(/\n\n(?=\[)/)[1];
    expect(firstPassage).toMatch(/^\[Passage at offset \d+\]\n/);
    expect(firstPassage).toContain(LONG_ARTICLE_ANSWER);
    expect((asked.structuredContent as { passages?: unknown[] }).passages?.length).toBeGreaterThan(0);
    await client.close();
  });

  it('with the defaults, a loopback address is refused as a tool error with the reader’s sentence', async () => {
    const client = await connect([readPageTool()]);
    const result = await client.callTool({ name: 'read_page', arguments: { url: `${origin}/heat-pumps` } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/address|private|public/i);
    await client.close();
  });

  it('reads at most two pages at once however many calls and sessions ask; the rest wait their turn', async () => {
    const tool = readPageTool({
      read: (url, options) => readPage(url, { ...options, allowPrivateOrigins: [origin] }),
    });
    // Four sessions of one server, sharing its tools as the HTTP server's sessions do.
    const clients = await Promise.all([1, 2, 3, 4].map(() => connect([tool])));
    peakReading = 0;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        clients[n % 4]!.callTool({ name: 'read_page', arguments: { url: `${origin}/slow/${n}` } }),
      ),
    );
    expect(results.map((r) => Boolean(r.isError))).toEqual(Array(8).fill(false));
    expect(peakReading).toBe(2);
    await Promise.all(clients.map((c) => c.close()));
  });

  it('past its queue, a read is refused at once with a sentence the model can act on', async () => {
    const tool = readPageTool({
      read: (url, options) => readPage(url, { ...options, allowPrivateOrigins: [origin] }),
      maxConcurrent: 1,
      maxQueued: 1,
    });
    const client = await connect([tool]);
    const calls = [0, 1, 2].map((n) =>
      client.callTool({ name: 'read_page', arguments: { url: `${origin}/slow/q${n}` } }),
    );
    let answered = 0;
    for (const call of calls) call.then((r) => !r.isError && answered++);
    const refused = await Promise.race(
      calls.map((c) => c.then((r) => (r.isError ? r : new Promise(() => {})))),
    );
    // At once: refused while the slow pages ahead of it are still being read.
    expect(answered).toBe(0);
    expect(textOf(refused as Awaited<ReturnType<Client['callTool']>>)).toBe(
      'The page reader is busy with other pages; try again in a few seconds.',
    );
    expect((await Promise.all(calls)).filter((r) => r.isError)).toHaveLength(1);
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
