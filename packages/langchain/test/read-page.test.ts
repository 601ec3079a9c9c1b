import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readPage } from '@agent-search/reader';
import type { ToolMessage } from '@langchain/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReadPageArtifact, readPageTool } from '../src/index.ts';

const ARTICLE = `<!doctype html><html><head><title>Tides explained</title></head><body>
<nav><a href="/">Home</a> <a href="/science">Science</a></nav>
<div class="cookie-banner">We use cookies. <button>Accept</button></div>
<article><h1>Tides explained</h1>
<p>Tides are the rise and fall of the sea, driven mostly by the Moon's gravity pulling on the oceans.</p>
<p>Most coasts see two high tides a day, about twelve hours and twenty-five minutes apart.</p>
<p>Spring tides, the largest, come when the Sun and the Moon line up at new and full moon.</p>
</article><footer>© Example Science</footer></body></html>`;

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

const call = (url: string) => ({
  id: 'call-1',
  name: 'read_page',
  args: { url },
  type: 'tool_call' as const,
});

describe('readPageTool as a LangChain tool', () => {
  it('answers a tool call with the page text as content and the page as artifact', async () => {
    // Loopback is allowed for this test's own origin only; the reader's defaults never allow it.
    const tool = readPageTool({
      read: (url, options) => readPage(url, { ...options, allowPrivateOrigins: [origin] }),
    });
    expect(tool.name).toBe('read_page');
    const message = (await tool.invoke(call(`${origin}/tides`))) as ToolMessage;
    const content = String(message.content);
    expect(content).toMatch(/^# Tides explained\n/);
    expect(content).toContain('about twelve hours and twenty-five minutes apart');
    expect(content).not.toMatch(/We use cookies|Accept/);
    expect(message.artifact).toMatchObject({ title: 'Tides explained', truncated: false });
  });

  it('a page the reader refuses: the reader’s sentence as content, and the loop goes on', async () => {
    const message = (await readPageTool({ read: readPage }).invoke(call(`${origin}/tides`))) as ToolMessage;
    expect(String(message.content)).toMatch(/private or local network address/);
    expect((message.artifact as ReadPageArtifact & { error: string }).error).toBe(String(message.content));
  });
});
