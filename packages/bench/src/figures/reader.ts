import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readPage } from '@agent-search/reader';
import { getEncoding } from 'js-tiktoken';
import { type Figure, fmt } from '../figure.ts';
import { BENCH_PAGES } from '../reader-pages.ts';
import { median } from '../stats.ts';

const TARGET_RATIO = 0.2;

/**
 * Reader figure: each page read from a loopback server with `readPage` (fetch, extraction, Markdown), its
 * time per page against a plain fetch of the same page (target: within 100 ms, a small part of a voice
 * turn), and the tokens of the text against the raw HTML.
 */
export async function readerFigure(rounds: number): Promise<Figure> {
  const served = new Map(BENCH_PAGES.map((page) => [page.path, page.html]));
  const server = createServer((req, res) => {
    if (req.url === '/robots.txt') return void res.writeHead(404).end();
    const html = served.get(req.url ?? '');
    if (html === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const encoding = getEncoding('o200k_base');
  const count = (text: string) => encoding.encode(text).length;
  try {
    const readMs: number[] = [];
    const fetchMs: number[] = [];
    const rows: { path: string; raw: number; text: number; missing: number }[] = [];
    for (const page of BENCH_PAGES) {
      const url = `${origin}${page.path}`;
      let text = '';
      for (let round = 0; round < rounds; round++) {
        let t = performance.now();
        await (await fetch(url)).text();
        fetchMs.push(performance.now() - t);
        t = performance.now();
        text = (await readPage(url, { allowPrivateOrigins: [origin], respectRobots: false })).text;
        readMs.push(performance.now() - t);
      }
      const missing = page.paragraphs.filter((paragraph) => !text.includes(paragraph)).length;
      rows.push({ path: page.path, raw: count(page.html), text: count(text), missing });
    }
    const worst = rows.reduce((a, b) => (b.text / b.raw > a.text / a.raw ? b : a));
    const worstRatio = worst.text / worst.raw;
    const missing = rows.reduce((sum, row) => sum + row.missing, 0);
    const paragraphs = BENCH_PAGES.reduce((sum, page) => sum + page.paragraphs.length, 0);
    const readMedian = median(readMs);
    const fetchMedian = median(fetchMs);
    return {
      id: 'reader',
      title: 'Reader: tokens of a read page against its raw HTML, and time per page',
      method: `${BENCH_PAGES.length} article pages shaped like real ones (menus, ads, cookie banner, inline state and tracking scripts) served from loopback; each read ${rounds} times with readPage and with a plain fetch of the raw HTML. Tokens counted with js-tiktoken o200k_base.`,
      checks: [
        {
          name: 'Tokens: text / raw HTML, worst page',
          value: `${fmt.ratio(worstRatio)} (${worst.text} vs ${worst.raw}, ${worst.path})`,
          target: `≤ ${TARGET_RATIO}×`,
          met: worstRatio <= TARGET_RATIO,
        },
        {
          name: 'Article paragraphs present in the text',
          value: `${paragraphs - missing} of ${paragraphs}`,
          target: 'all',
          met: missing === 0,
          ...(missing > 0 ? { why: `${missing} paragraphs were lost in extraction` } : {}),
        },
        {
          name: 'Time per page: readPage / plain fetch (median)',
          value: `${fmt.ms(readMedian)} vs ${fmt.ms(fetchMedian)} (${fmt.ratio(readMedian / fetchMedian)})`,
          target: '≤ 100 ms a page',
          met: readMedian <= 100,
        },
      ],
      charts: [
        {
          unit: 'tokens (o200k_base)',
          bars: rows.flatMap((row) => [
            { label: `${row.path}: raw HTML`, value: row.raw, ours: false },
            { label: `${row.path}: readPage text`, value: row.text, ours: true },
          ]),
        },
      ],
      details: rows.map((row) => [
        row.path,
        `${row.text} / ${row.raw} tokens (${fmt.ratio(row.text / row.raw)}), ${row.missing} paragraphs missing`,
      ]),
    };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
