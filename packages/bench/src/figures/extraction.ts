import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readPage } from '@agent-search/reader';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { type ExtractionScore, scoreExtraction } from '../article-scoring.ts';
import { type Figure, fmt } from '../figure.ts';
import { median } from '../stats.ts';

/** Where a checkout of scrapinghub/article-extraction-benchmark is (its `html/` and `ground-truth.json`). */
export const EXTRACTION_BENCHMARK_ENV = 'ARTICLE_EXTRACTION_BENCHMARK_DIR';

const TARGET_F1 = 0.97;
const TARGET_TIME_RATIO = 2;
// The benchmark's published F1 for Readability.js 0.6.0 (README, latest evaluation): our scoring of its
// published output must give the same, or our figures are not the benchmark's.
const PUBLISHED_READABILITY_JS_F1 = 0.947;

type GroundTruth = Record<string, { articleBody?: string; url?: string }>;

function skipped(why: string): Figure {
  return {
    id: 'extraction',
    title: 'Reader: article extraction on scrapinghub/article-extraction-benchmark',
    method: why,
    checks: [
      { name: 'F1 on the public benchmark', value: `skipped: ${why}`, target: `≥ ${TARGET_F1}`, met: null },
    ],
    charts: [],
    details: [],
  };
}

/** Plain Readability as the benchmark runs Readability.js (text of its article), on linkedom. */
function plainReadability(html: string): string {
  const { document } = parseHTML(html);
  return new Readability(document as never).parse()?.textContent ?? '';
}

/** Our scoring of the benchmark's published Readability.js output, when the checkout has it. */
function scoringCheck(dir: string, truth: GroundTruth): number | undefined {
  const file = join(dir, 'output/readability_js.json');
  if (!existsSync(file)) return undefined;
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const output = (raw.output && raw.version !== undefined ? raw.output : raw) as GroundTruth;
  return scoreExtraction(
    Object.keys(truth).map((key) => [truth[key]?.articleBody ?? '', output[key]?.articleBody ?? '']),
  ).f1;
}

const row = (name: string, score: ExtractionScore, ms: number) => [
  name,
  score.f1.toFixed(3),
  score.precision.toFixed(3),
  score.recall.toFixed(3),
  score.accuracy.toFixed(3),
  fmt.ms(ms),
];

/**
 * Extraction figure: the 181 pages of scrapinghub/article-extraction-benchmark, each read with `readPage`
 * from a loopback server (the whole reader: fetch, worker, extraction, cleaning; `maxChars` high enough
 * that no article is cut) and with plain Readability on linkedom in the same run, scored with the
 * benchmark's own scoring (`evaluate.py`, in JS in `article-scoring.ts`). The dataset stays out of the
 * repository: `ARTICLE_EXTRACTION_BENCHMARK_DIR` names a checkout; without it the figure is skipped.
 */
export async function extractionFigure(): Promise<Figure> {
  const dir = process.env[EXTRACTION_BENCHMARK_ENV];
  if (!dir) {
    const why = `${EXTRACTION_BENCHMARK_ENV} is not set (a checkout of github.com/scrapinghub/article-extraction-benchmark)`;
    console.log(`extraction: skipped, ${why}`);
    return skipped(why);
  }
  if (!existsSync(join(dir, 'ground-truth.json'))) return skipped(`${dir} holds no ground-truth.json`);
  const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as GroundTruth;
  const keys = Object.keys(truth).filter((key) => existsSync(join(dir, 'html', `${key}.html.gz`)));
  const pages = new Map(
    keys.map((key) => [`/${key}`, gunzipSync(readFileSync(join(dir, 'html', `${key}.html.gz`)))]),
  );

  const server = createServer((req, res) => {
    const body = pages.get(req.url ?? '');
    if (!body) return void res.writeHead(404).end();
    // The benchmark's pages are UTF-8 (its README), as their server sent them.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const ours: [string, string][] = [];
    const plain: [string, string][] = [];
    const oursMs: number[] = [];
    const plainMs: number[] = [];
    const empty: string[] = [];
    for (const key of keys) {
      const expected = truth[key]?.articleBody ?? '';
      let t = performance.now();
      const text = await readPage(`${origin}/${key}`, {
        allowPrivateOrigins: [origin],
        respectRobots: false,
        maxChars: 1_000_000,
        timeoutMs: 60_000,
      }).then(
        (page) => page.text,
        () => '',
      );
      oursMs.push(performance.now() - t);
      if (text === '') empty.push(key.slice(0, 12));
      ours.push([expected, text]);
      t = performance.now();
      let plainText = '';
      try {
        plainText = plainReadability(pages.get(`/${key}`)?.toString('utf8') ?? '');
      } catch {
        plainText = '';
      }
      plainMs.push(performance.now() - t);
      plain.push([expected, plainText]);
    }
    const score = scoreExtraction(ours);
    const baseline = scoreExtraction(plain);
    const oursMedian = median(oursMs);
    const plainMedian = median(plainMs);
    const ratio = oursMedian / plainMedian;
    const published = scoringCheck(dir, truth);
    return {
      id: 'extraction',
      title: 'Reader: article extraction on scrapinghub/article-extraction-benchmark',
      method: `${keys.length} real pages with their article text (scrapinghub/article-extraction-benchmark), each read once with readPage from a loopback server (maxChars 1,000,000: nothing cut) and once with plain Readability 0.6 on linkedom, in the same run; scored with the benchmark's own scoring (token 4-gram precision and recall per page, averaged; F1 of the averages), reimplemented in JS. Times are per page: readPage end to end (loopback fetch, worker, extraction, cleaning) against Readability's parse and extraction alone.`,
      checks: [
        {
          name: 'F1 on the public benchmark',
          value: `${score.f1.toFixed(3)} (precision ${score.precision.toFixed(3)}, recall ${score.recall.toFixed(3)}); plain Readability ${baseline.f1.toFixed(3)}`,
          target: `≥ ${TARGET_F1} (rs_trafilatura's published F1)`,
          met: score.f1 >= TARGET_F1,
          ...(score.f1 < TARGET_F1
            ? { why: `F1 ${score.f1.toFixed(3)} is under the best published extractor's ${TARGET_F1}` }
            : {}),
        },
        {
          name: 'Pages read as empty',
          value: empty.length === 0 ? 'none' : `${empty.length} (${empty.join(', ')})`,
          target: 'none',
          met: empty.length === 0,
        },
        {
          name: 'Time per page: readPage / plain Readability (median)',
          value: `${fmt.ms(oursMedian)} vs ${fmt.ms(plainMedian)} (${fmt.ratio(ratio)})`,
          target: `≤ ${TARGET_TIME_RATIO}×`,
          met: ratio <= TARGET_TIME_RATIO,
        },
      ],
      charts: [
        {
          unit: 'F1',
          bars: [
            { label: 'readPage', value: Number(score.f1.toFixed(3)), ours: true },
            { label: 'Readability', value: Number(baseline.f1.toFixed(3)), ours: false },
          ],
        },
      ],
      details: [
        [
          'Scoring check',
          published === undefined
            ? 'output/readability_js.json absent: not checked'
            : `the published Readability.js output scores ${published.toFixed(6)} here (${PUBLISHED_READABILITY_JS_F1} published)`,
        ],
      ],
      tables: [
        {
          header: ['extractor', 'F1', 'precision', 'recall', 'accuracy', 'median time'],
          rows: [row('readPage', score, oursMedian), row('Readability (linkedom)', baseline, plainMedian)],
        },
      ],
    };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
