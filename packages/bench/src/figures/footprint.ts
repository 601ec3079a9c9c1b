import { execFile } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Check, type Figure, fmt, RUNS } from '../figure.ts';
import { median } from '../stats.ts';

const run = promisify(execFile);
const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const REPO = resolve(BENCH_DIR, '../..');

/** Our published packages, by folder. */
const OURS: Record<string, string> = {
  '@agent-search/core': 'packages/core',
  '@agent-search/provider-duckduckgo': 'packages/providers/duckduckgo',
  '@agent-search/provider-tavily': 'packages/providers/tavily',
  '@agent-search/provider-exa': 'packages/providers/exa',
  '@agent-search/provider-perplexity': 'packages/providers/perplexity',
  '@agent-search/cache': 'packages/cache',
  '@agent-search/livekit-tool': 'packages/livekit-tool',
};

interface Manifest {
  name: string;
  files?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

function bytesOf(path: string): number {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return 0;
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    total += bytesOf(join(path, entry));
  }
  return total;
}

/** Bytes a package puts on disk: a workspace package what it publishes, anything else its whole folder. */
function packageBytes(dir: string): number {
  if (dir.includes(`${join('node_modules', '.pnpm')}`)) return bytesOf(dir);
  const manifest = readManifest(dir);
  const published = ['package.json', 'README.md', 'LICENSE', ...(manifest.files ?? [])];
  return published.filter((f) => existsSync(join(dir, f))).reduce((sum, f) => sum + bytesOf(join(dir, f)), 0);
}

/** Where `name` resolves from `dir` the way Node looks it up (node_modules of each parent), real path. */
function resolvePackage(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

export interface Closure {
  bytes: number;
  packages: number;
  /** Required peers (npm installs them) that are not installed here, so not counted. */
  missing: string[];
  /** Package name → bytes, largest first. */
  largest: [string, number][];
}

/**
 * The install footprint of `roots` (package folders): each package plus its dependencies, installed
 * optional dependencies and required peers (npm 7+ installs those), recursively, each real folder once.
 */
export function closureOf(roots: string[], options: { peers: boolean } = { peers: true }): Closure {
  const seen = new Set<string>();
  const missing = new Set<string>();
  const sizes: [string, number][] = [];
  const visit = (dir: string) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    const manifest = readManifest(dir);
    sizes.push([manifest.name, packageBytes(dir)]);
    const wanted: [string, boolean][] = [
      ...Object.keys(manifest.dependencies ?? {}).map((n): [string, boolean] => [n, true]),
      ...Object.keys(manifest.optionalDependencies ?? {}).map((n): [string, boolean] => [n, false]),
    ];
    if (options.peers) {
      for (const name of Object.keys(manifest.peerDependencies ?? {})) {
        if (!manifest.peerDependenciesMeta?.[name]?.optional) wanted.push([name, true]);
      }
    }
    for (const [name, required] of wanted) {
      const found = resolvePackage(name, dir);
      if (found) visit(found);
      else if (required) missing.add(name);
    }
  };
  for (const root of roots) visit(root);
  return {
    bytes: sizes.reduce((sum, [, b]) => sum + b, 0),
    packages: seen.size,
    missing: [...missing],
    largest: sizes.sort((a, b) => b[1] - a[1]),
  };
}

const ours = (name: string) => join(REPO, OURS[name]!);
const installed = (name: string) => {
  const dir = resolvePackage(name, BENCH_DIR);
  if (!dir) throw new Error(`${name} is not installed in packages/bench`);
  return dir;
};

/** Builds (tsc) each of our packages whose dist is missing or older than its sources. */
export async function ensureBuilt(names: string[]): Promise<string[]> {
  const built: string[] = [];
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
      const path = join(dir, e.name);
      return Math.max(max, e.isDirectory() ? newest(path) : statSync(path).mtimeMs);
    }, 0);
  for (const name of names) {
    const dir = ours(name);
    const dist = join(dir, 'dist', 'index.js');
    if (existsSync(dist) && statSync(dist).mtimeMs >= newest(join(dir, 'src'))) continue;
    await run(
      process.execPath,
      [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
      { cwd: dir },
    );
    built.push(name);
  }
  return built;
}

/** In-process time to import `modules` in a fresh Node process (from packages/bench, without the source hook). */
/** Milliseconds to import `modules` in a fresh process, after `preloaded` (imported first, not timed). */
async function importMs(modules: string[], preloaded: string[] = []): Promise<number> {
  const code = `for (const m of ${JSON.stringify(preloaded)}) await import(m); const t = performance.now(); for (const m of ${JSON.stringify(modules)}) await import(m); process.stdout.write(String(performance.now() - t));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', code], { cwd: BENCH_DIR });
  return Number(stdout);
}

/**
 * Figure 7: cold start (import time in fresh processes, median of `runs`, interleaved) and install size
 * (published files plus the production dependency closure, from the real folders in node_modules/.pnpm).
 */
export async function footprintFigure(runs: number): Promise<Figure> {
  const built = await ensureBuilt(Object.keys(OURS));
  const imports = {
    ours: ['@agent-search/core', '@agent-search/provider-duckduckgo', '@agent-search/livekit-tool'],
    oursNoLiveKit: ['@agent-search/core', '@agent-search/provider-duckduckgo'],
    // What adding search costs an agent, which has loaded @livekit/agents already.
    oursInAgent: ['@agent-search/core', '@agent-search/provider-duckduckgo', '@agent-search/livekit-tool'],
    langchain: ['@langchain/community/tools/duckduckgo_search'],
    aiSdkTavily: ['@tavily/ai-sdk'],
  };
  type Contender = keyof typeof imports;
  const names = Object.keys(imports) as Contender[];
  const perRun: Record<Contender, number>[] = [];
  const times = Object.fromEntries(names.map((k) => [k, [] as number[]])) as Record<Contender, number[]>;
  for (let r = 0; r < RUNS; r++) {
    const run = Object.fromEntries(names.map((k) => [k, [] as number[]])) as Record<Contender, number[]>;
    for (let i = 0; i < runs; i++) {
      for (const key of names) {
        run[key].push(await importMs(imports[key], key === 'oursInAgent' ? ['@livekit/agents'] : []));
      }
    }
    for (const key of names) times[key].push(...run[key]);
    perRun.push(Object.fromEntries(names.map((k) => [k, median(run[k])])) as Record<Contender, number>);
  }
  const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])) as Record<
    Contender,
    number
  >;
  // What users of the LiveKit tool get: an agent has loaded @livekit/agents before it adds search.
  const inAgent = perRun.map((run) => run.oursInAgent / run.langchain);
  const worstInAgent = Math.max(...inAgent);
  const importRatio = m.ours / m.langchain;

  const sizes: [string, Closure][] = Object.keys(OURS).map((name) => [
    name,
    closureOf([ours(name)], { peers: false }),
  ]);
  const coreDdg = closureOf([ours('@agent-search/core'), ours('@agent-search/provider-duckduckgo')], {
    peers: false,
  });
  const livekitWithPeers = closureOf([ours('@agent-search/livekit-tool')]);
  const langchainTool = closureOf([
    installed('@langchain/community'),
    installed('@langchain/core'),
    installed('duck-duck-scrape'),
  ]);
  const aiSdkTool = closureOf([installed('@tavily/ai-sdk'), installed('ai'), installed('zod')]);
  const checks: Check[] = [
    {
      name: "Cold start: import ours (livekit-tool + core + DuckDuckGo) in a LiveKit agent / LangChain's DuckDuckGo tool",
      value: `${fmt.ratios(inAgent)}; ${fmt.ms(m.oursInAgent)} vs ${fmt.ms(m.langchain)}`,
      target: '≤ 0.5× every run',
      met: worstInAgent <= 0.5,
    },
    {
      name: 'Footprint: core + DuckDuckGo installed',
      value: fmt.mb(coreDdg.bytes),
      target: '≤ 5 MB',
      met: coreDdg.bytes <= 5_000_000,
      ...(coreDdg.bytes > 5_000_000
        ? {
            why: `the largest dependencies: ${coreDdg.largest
              .slice(0, 4)
              .map(([n, b]) => `${n} ${fmt.mb(b)}`)
              .join(', ')}`,
          }
        : {}),
    },
  ];
  return {
    id: 'footprint',
    title: '7. Cold start and install size',
    method: `Import time: ${RUNS} runs of ${runs} fresh Node processes per contender, interleaved, timing \`await import()\` inside the process (built dist, as installed; median per run, the verdict on the worst run). "In a LiveKit agent": the process has imported @livekit/agents first (not timed), as an agent adding search has. Install size: published files plus the production dependency closure (dependencies, installed optional dependencies and required peers, which npm installs), from the real folders in node_modules/.pnpm, each counted once. Sizes are file bytes, not disk blocks.${built.length ? ` Built first: ${built.join(', ')}.` : ''}`,
    checks,
    charts: [
      {
        unit: 'ms to import (median)',
        bars: [
          { label: 'ours: core + DuckDuckGo', value: m.oursNoLiveKit, ours: true },
          { label: 'ours: + livekit-tool (+ @livekit/agents)', value: m.ours, ours: true },
          { label: 'LangChain DuckDuckGoSearch', value: m.langchain, ours: false },
          { label: 'AI SDK tavilySearch', value: m.aiSdkTavily, ours: false },
        ],
      },
    ],
    details: [
      ['import: core + DuckDuckGo', fmt.ms(m.oursNoLiveKit)],
      [
        'import: core + DuckDuckGo + livekit-tool, fresh process (loads @livekit/agents, its peer)',
        `${fmt.ms(m.ours)} (${fmt.ratio(importRatio)} LangChain's)`,
      ],
      ['import: core + DuckDuckGo + livekit-tool, @livekit/agents already loaded', fmt.ms(m.oursInAgent)],
      ["import: LangChain's DuckDuckGoSearch", fmt.ms(m.langchain)],
      ['import: AI SDK tavilySearch', fmt.ms(m.aiSdkTavily)],
      ...sizes.map(([name, c]): [string, string] => [
        `installed: ${name}`,
        `${fmt.mb(c.bytes)} (${c.packages} packages)`,
      ]),
      ['installed: core + DuckDuckGo', `${fmt.mb(coreDdg.bytes)} (${coreDdg.packages} packages)`],
      [
        'installed: livekit-tool with its required peers (@livekit/agents, @livekit/rtc-node)',
        `${fmt.mb(livekitWithPeers.bytes)} (${livekitWithPeers.packages} packages)`,
      ],
      [
        "installed: LangChain's DuckDuckGoSearch (@langchain/community, @langchain/core, duck-duck-scrape, required peers)",
        `${fmt.mb(langchainTool.bytes)} (${langchainTool.packages} packages${langchainTool.missing.length ? `; not installed here, so not counted: ${langchainTool.missing.join(', ')}` : ''})`,
      ],
      [
        'installed: AI SDK tavilySearch (@tavily/ai-sdk, ai, zod)',
        `${fmt.mb(aiSdkTool.bytes)} (${aiSdkTool.packages} packages)`,
      ],
    ],
  };
}
