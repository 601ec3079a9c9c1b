import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LONG_ARTICLE, LONG_ARTICLE_ANSWER, SCRIPT_BUILT_PAGE } from '@agent-search/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createReadPageTool,
  DEFAULT_READING_MESSAGE,
  READ_PAGE_TOOL_NAME,
  type ReadPageToolOptions,
  type ReadPageToolOutput,
} from '../src/read-page-tool.ts';
import { recordingParticipant, runTurn, startTurn, type TimelineEntry, toolOutput } from './harness.ts';

const paragraphs = Array.from(
  { length: 12 },
  (_, i) =>
    `Paragraph ${i + 1} of the ruling: the court examined the lease terms, the notice the landlord gave and the deposit the tenant paid, and found the notice period of clause ${i + 4} valid.`,
);
const RULING = `<!doctype html><html><head><meta charset="utf-8"><title>Appeal court upholds tenant notice ruling</title>
<meta property="og:site_name" content="Court News"><meta property="article:published_time" content="2026-04-20T10:00:00Z"></head>
<body><nav><a href="/">Home</a> <a href="/rulings">All rulings</a> <a href="/login">Log in</a></nav>
<main><article><h1>Appeal court upholds tenant notice ruling</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</article></main>
<footer>Court News · Imprint</footer></body></html>`;

/** A loopback site: the ruling, a PDF, and a log of the paths it served. */
let site: Server;
let origin: string;
const served: string[] = [];
/** Settled when a request to /slow arrives, and when its connection closes. */
let slowArrived: () => void = () => {};
let slowClosed: () => void = () => {};
beforeAll(async () => {
  site = createServer((req, res) => {
    served.push(req.url ?? '');
    if (req.url === '/slow') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).write('<html><body><p>');
      const timer = setInterval(() => res.write('.'), 50);
      res.on('close', () => {
        clearInterval(timer);
        slowClosed();
      });
      slowArrived();
      return;
    }
    if (req.url === '/robots.txt') return void res.writeHead(404).end();
    if (req.url === '/history')
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(LONG_ARTICLE);
    if (req.url === '/gallery')
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SCRIPT_BUILT_PAGE);
    if (req.url === '/ruling.pdf')
      return void res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4\n');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(RULING);
  });
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

function readTurn(args: Record<string, unknown>, options: ReadPageToolOptions = {}) {
  const tools = { [READ_PAGE_TOOL_NAME]: createReadPageTool(options) };
  return runTurn<ReadPageToolOutput>(tools, { name: READ_PAGE_TOOL_NAME, args });
}

describe('read_page through a voice.AgentSession', () => {
  it('gives the model a short excerpt of the main text, after a loading status', async () => {
    const timeline: TimelineEntry[] = [];
    const { output, raw } = await readTurn(
      { url: `${origin}/rulings/tenant-notice` },
      {
        readOptions: { allowPrivateOrigins: [origin] },
        excerptChars: 800,
        loadingStatus: recordingParticipant(timeline),
      },
    );
    expect(raw.isError).toBe(false);
    if ('error' in output) throw new Error(output.error);
    expect(output).toMatchObject({
      title: 'Appeal court upholds tenant notice ruling',
      url: `${origin}/rulings/tenant-notice`,
      site: 'Court News',
      published: '2026-04-20',
      truncated: true,
    });
    expect(output.text.length).toBeLessThanOrEqual(800);
    expect(output.text).toContain(paragraphs[0]);
    expect(output.text).not.toContain(paragraphs[11]);
    expect(output.text).not.toContain('Log in');
    expect(timeline).toEqual([
      {
        kind: 'publish',
        message: { type: 'loading-status', text: DEFAULT_READING_MESSAGE },
        options: { reliable: true, topic: 'loading-status' },
      },
    ]);
  });

  it("publishes the model's own loading message", async () => {
    const timeline: TimelineEntry[] = [];
    await readTurn(
      { url: `${origin}/rulings/tenant-notice`, loading_message: 'Opening the ruling...' },
      { readOptions: { allowPrivateOrigins: [origin] }, loadingStatus: recordingParticipant(timeline) },
    );
    expect(timeline[0]).toMatchObject({ message: { text: 'Opening the ruling...' } });
  });

  it('says why a page cannot be read: a PDF, a private address, a bad address', async () => {
    const pdf = await readTurn(
      { url: `${origin}/ruling.pdf` },
      { readOptions: { allowPrivateOrigins: [origin] }, loadingStatus: false },
    );
    expect(pdf.output).toEqual({ error: expect.stringContaining('PDF'), code: expect.any(String) });

    const before = served.length;
    const blocked = await readTurn({ url: `${origin}/rulings/tenant-notice` }, { loadingStatus: false });
    expect(blocked.output).toEqual({
      error: expect.stringContaining('private or local network address'),
      code: expect.any(String),
    });
    expect(served.length).toBe(before);

    const invalid = await readTurn({ url: 'file:///etc/passwd' }, { loadingStatus: false });
    expect(invalid.output).toEqual({
      error: expect.stringContaining('http and https'),
      code: expect.any(String),
    });
  });

  it('says when a page has no readable text (no_content), instead of an empty excerpt', async () => {
    const { output } = await readTurn(
      { url: `${origin}/gallery` },
      { readOptions: { allowPrivateOrigins: [origin] }, loadingStatus: false },
    );
    expect(output).toEqual({ error: expect.stringMatching(/no text I could read/), code: 'no_content' });
  });

  it('reads on from the offset in the note, and gives the passage answering a question first', async () => {
    const options = { readOptions: { allowPrivateOrigins: [origin] }, loadingStatus: false } as const;
    const first = await readTurn({ url: `${origin}/history` }, { ...options, excerptChars: 1_200 });
    if ('error' in first.output) throw new Error(first.output.error);
    expect(first.output.truncated).toBe(true);
    expect(first.output.text).toContain(`call again with offset ${first.output.nextOffset}.]`);
    const next = await readTurn(
      { url: `${origin}/history`, offset: first.output.nextOffset },
      { ...options, excerptChars: 1_200 },
    );
    if ('error' in next.output) throw new Error(next.output.error);
    expect(next.output.text).not.toMatch(/The 1800s|The 1810s/);
    expect(next.output.text).toContain('## The 1820s');
    const asked = await readTurn(
      {
        url: `${origin}/history`,
        question: "When did the lighthouse keeper's cottage become a museum?",
        max_tokens: 200,
      },
      options,
    );
    if ('error' in asked.output) throw new Error(asked.output.error);
    expect(asked.output.text.length).toBeLessThanOrEqual(800);
    expect(asked.output.text).toMatch(/^\[Passage at offset \d+\]\n/);
    expect(asked.output.text.split(/\n\n(?=\[)/)[0]).toContain(LONG_ARTICLE_ANSWER);
  });

  it('an interrupted turn aborts the read and gives the model no output', async () => {
    const arrived = new Promise<void>((resolve) => {
      slowArrived = resolve;
    });
    const closed = new Promise<void>((resolve) => {
      slowClosed = resolve;
    });
    const tools = {
      [READ_PAGE_TOOL_NAME]: createReadPageTool({
        readOptions: { allowPrivateOrigins: [origin], timeoutMs: 30_000 },
        loadingStatus: false,
      }),
    };
    const turn = await startTurn(tools, { name: READ_PAGE_TOOL_NAME, args: { url: `${origin}/slow` } });
    try {
      await arrived;
      await turn.session.interrupt().await;
      await closed;
      await turn.run.wait().catch(() => undefined);
      expect(() => toolOutput(turn.run)).toThrow(/got 0/);
    } finally {
      await turn.session.close();
    }
  });
});
