import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_AVAILABILITY } from './availability.ts';
import { runFaultMatrix } from './fault-matrix.ts';
import type { Figure } from './figure.ts';
import { availabilityFigure } from './figures/availability.ts';
import { cacheFigure } from './figures/cache.ts';
import { coalescingFigure } from './figures/coalescing.ts';
import { costFigure } from './figures/cost.ts';
import { extractionFigure } from './figures/extraction.ts';
import { footprintFigure } from './figures/footprint.ts';
import { hostileAnswersFigure } from './figures/hostile-answers.ts';
import { hostileTextFigure } from './figures/hostile-text.ts';
import { loadFigure } from './figures/load.ts';
import { mcpFigure } from './figures/mcp.ts';
import { multiSourceFigure } from './figures/multi-source.ts';
import { outageFigure } from './figures/outage.ts';
import { overheadFigure } from './figures/overhead.ts';
import { readerFigure } from './figures/reader.ts';
import { recallFigure } from './figures/recall.ts';
import { recallPrecisionFigure } from './figures/recall-precision.ts';
import { startupFigure } from './figures/startup.ts';
import { starvationFigure } from './figures/starvation.ts';
import { tailFigure } from './figures/tail.ts';
import { throughputFigure } from './figures/throughput.ts';
import { tokensFigure } from './figures/tokens.ts';
import { type LoadReport, runLoad } from './load.ts';
import { reliabilityMarkdown } from './reliability-report.ts';
import { benchmarksMarkdown, chartSvg, markdownTable, runInfo, summaryTable } from './report.ts';
import { routeNeedleTo, startBenchSimulator } from './upstreams.ts';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
// `--quick`: fewer samples, to check the harness itself; the docs are only written by a full run.
const quick = process.argv.includes('--quick');
const n = (full: number, small: number) => (quick ? small : full);
// `--only a,b`: run just the named figures (ids as printed), to work on one; the docs are not written.
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex >= 0 ? new Set((process.argv[onlyIndex + 1] ?? '').split(',')) : undefined;
const partial = quick || only !== undefined;
const wanted = (name: string) => only === undefined || only.has(name);

const started = performance.now();
const sim = await startBenchSimulator(42);
routeNeedleTo(sim);
const figures: Figure[] = [];

async function measure(name: string, make: () => Promise<Figure>): Promise<void> {
  if (!wanted(name)) return;
  const t = performance.now();
  process.stdout.write(`${name}… `);
  try {
    figures.push(await make());
    process.stdout.write(`${((performance.now() - t) / 1000).toFixed(1)} s\n`);
  } catch (error) {
    process.stdout.write('failed\n');
    console.error(error);
    figures.push({
      id: name,
      title: name,
      method: 'The measurement failed.',
      checks: [
        {
          name,
          value: `failed: ${error instanceof Error ? error.message : String(error)}`,
          target: '–',
          met: false,
        },
      ],
      details: [],
      charts: [],
    });
  }
}

try {
  await measure('overhead', () => overheadFigure(sim, n(100, 10)));
  await measure('throughput', () =>
    throughputFigure(sim, quick ? { 1: 50, 10: 100, 100: 200, 1000: 1_000 } : undefined),
  );
  await measure('cache', () => cacheFigure(sim, { hits: n(2_000, 100), misses: n(200, 20) }));
  await measure('outage', () => outageFigure(sim, { ours: n(120, 20), peers: n(10, 3) }));
  await measure('tail', () => tailFigure(sim, n(3_000, 200)));
  await measure('cost', () => costFigure(sim, { tail: n(3_000, 200), each: n(200, 30) }));
  await measure('coalescing', () => coalescingFigure(sim));
  await measure('tokens', () => tokensFigure(sim));
  await measure('footprint', () => footprintFigure(n(7, 2)));
  await measure('reader', () => readerFigure(n(20, 3)));
  await measure('hostile-text', () => hostileTextFigure(n(5, 2)));
  await measure('hostile-answers', () => hostileAnswersFigure(n(3, 1)));
  await measure('extraction', () => extractionFigure());
  await measure('mcp', () => mcpFigure(n(200, 20)));
  await measure('recall', () => recallFigure(sim, n(200, 20)));
  await measure('recall-precision', () => recallPrecisionFigure(quick ? 60 : undefined));
  await measure('multi-source', () => multiSourceFigure(sim, n(200, 30)));
  await measure('startup', () => startupFigure(sim, n(20, 4)));
  await measure('availability', () =>
    availabilityFigure({
      ...DEFAULT_AVAILABILITY,
      searches: quick ? { 1: 50, 20: 200, 200: 400 } : DEFAULT_AVAILABILITY.searches,
    }),
  );
  await measure('starvation', () => starvationFigure());
  // The load run takes minutes: a full run, or `--only load`.
  let load: LoadReport | undefined;
  if (!quick) {
    await measure('load', async () => {
      load = await runLoad(sim);
      return loadFigure(load);
    });
  }
  if (partial) {
    console.log(`\n${summaryTable(figures)}`);
    // Details, reasons and tables are written to the docs by a full run; a partial one shows them here.
    for (const figure of figures) {
      for (const [name, value] of figure.details) console.log(`${figure.id}: ${name}: ${value}`);
      for (const check of figure.checks.filter((c) => c.why)) console.log(`${figure.id}: why: ${check.why}`);
    }
    for (const table of figures.flatMap((f) => f.tables ?? [])) {
      console.log(`\n${markdownTable(table.header, table.rows)}`);
    }
    console.log('\n--quick/--only: fault matrix skipped (load too unless named), docs not written.');
  } else {
    process.stdout.write('fault matrix… ');
    const matrix = await runFaultMatrix(sim);
    process.stdout.write('done\n\n');
    if (!load) throw new Error('a full run measures the load');
    const info = runInfo(performance.now() - started);
    console.log(summaryTable(figures));
    mkdirSync(join(REPO, 'docs/benchmarks'), { recursive: true });
    writeFileSync(join(REPO, 'docs/benchmarks/chart.svg'), chartSvg(figures));
    writeFileSync(
      join(REPO, 'docs/benchmarks.md'),
      benchmarksMarkdown(figures, info, 'benchmarks/chart.svg'),
    );
    writeFileSync(join(REPO, 'docs/reliability.md'), reliabilityMarkdown(matrix, load, info));
    console.log('\nWrote docs/benchmarks.md, docs/benchmarks/chart.svg and docs/reliability.md.');
  }
  console.log(`Total: ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await sim.close();
}
