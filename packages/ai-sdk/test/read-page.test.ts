import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readPage } from '@agent-search/reader';
import { generateText, stepCountIs } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPageTool } from '../src/index.ts';
import { toolCallingModel, toolResultSent } from './mock-model.ts';

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

/** A model that asks for `url` with read_page once, then answers; it records every prompt. */
const readingModel = (url: string) =>
  toolCallingModel({ toolName: 'read_page', input: { url } }, { answer: 'Two high tides a day.' });

describe('readPageTool in generateText', () => {
  it('reads the page and gives the model its main text, without the navigation or the cookie banner', async () => {
    // Loopback is allowed for this test's own origin only; the reader's defaults never allow it.
    const read = (url: string, options: { signal?: AbortSignal; maxChars?: number }) =>
      readPage(url, { ...options, allowPrivateOrigins: [origin] });
    const { model, calls } = readingModel(`${origin}/tides`);
    const result = await generateText({
      model,
      tools: { read_page: readPageTool({ read }) },
      prompt: 'How many tides a day?',
      stopWhen: stepCountIs(3),
    });
    const sent = toolResultSent(calls);
    expect(sent.type).toBe('text');
    const text = (sent as { value: string }).value;
    expect(text).toMatch(/^# Tides explained\n/);
    expect(text).toContain('about twelve hours and twenty-five minutes apart');
    expect(text).not.toMatch(/We use cookies|Accept/);
    expect(result.steps[0]!.toolResults[0]!.output).toMatchObject({
      title: 'Tides explained',
      truncated: false,
    });
  });

  it('a page the reader refuses reaches the model as the reader’s sentence', async () => {
    const { model, calls } = readingModel(`${origin}/tides`);
    await generateText({
      model,
      tools: { read_page: readPageTool({ read: readPage }) },
      prompt: 'Read it',
      stopWhen: stepCountIs(3),
    });
    const sent = toolResultSent(calls) as { type: string; value: unknown };
    expect(sent.type).toMatch(/error/);
    expect(JSON.stringify(sent.value)).toMatch(/private or local network address/);
  });
});
