import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProviderSimulator } from '@agent-search/testing/simulator';
import { type Figure, fmt } from '../figure.ts';
import { median, percentile } from '../stats.ts';

const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI_BIN = resolve(BENCH_DIR, '../../apps/cli/dist/bin.js');

/**
 * The baseline: a script that imports duck-duck-scrape and searches, its https requests sent to the
 * simulator by an agent (the same trick as the simulator's own SimulatorAgent, which lives in this process).
 */
const DIRECT_SCRIPT = `
import { Agent } from 'node:https';
import { connect } from 'node:net';
const { search } = await import('duck-duck-scrape');
class ToSimulator extends Agent {
  createConnection() { return connect({ host: '127.0.0.1', port: Number(process.env.SIM_PORT) }); }
}
const agent = new ToSimulator();
const found = await search(process.argv[1], undefined, { agent });
for (const r of found.results.slice(0, 5)) process.stdout.write(r.title + '\\n' + r.url + '\\n\\n');
agent.destroy();
`;

interface Sample {
  ms: number;
  calls: number;
}

function timedRun(file: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  const started = performance.now();
  return new Promise<{ ms: number; stdout: string }>((resolvePromise, reject) => {
    execFile(file, args, { ...options, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
      const ms = performance.now() - started;
      if (error) reject(new Error(`${args.slice(-2).join(' ')} failed: ${stderr.trim() || error.message}`));
      else resolvePromise({ ms, stdout });
    });
  });
}

/**
 * Figure: what a user waits for one search from the shell. Each round runs, in alternating order, the
 * built CLI (`agent-search "<query>"`, default providers, no key, its default HTML backend) and a `node -e`
 * script that imports duck-duck-scrape and searches, both with the same Node binary against the same
 * simulator; every sample is counted, and the simulator's own call log says each run reached it.
 */
export async function startupFigure(sim: ProviderSimulator, rounds: number): Promise<Figure> {
  if (!existsSync(CLI_BIN)) throw new Error(`${CLI_BIN} is missing: run pnpm run build first`);
  sim.reset();
  const port = new URL(sim.origin).port;
  const stateDir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: stateDir,
    AGENT_SEARCH_STATE_DIR: stateDir,
    DUCKDUCKGO_HTML_URL: sim.baseURL('duckduckgo'),
    // The simulator plays DuckDuckGo only: a hedge to keyless Tavily would leave the machine.
    TAVILY_KEYLESS: '0',
    SIM_PORT: port,
    NO_COLOR: '1',
  };
  const contenders = {
    cli: (q: string) => timedRun(process.execPath, [CLI_BIN, q], { cwd: stateDir, env }),
    direct: (q: string) =>
      timedRun(process.execPath, ['--input-type=module', '-e', DIRECT_SCRIPT, q], { cwd: BENCH_DIR, env }),
  };
  const samples: Record<keyof typeof contenders, Sample[]> = { cli: [], direct: [] };
  try {
    for (let round = 0; round < rounds; round++) {
      const order: (keyof typeof contenders)[] = round % 2 === 0 ? ['cli', 'direct'] : ['direct', 'cli'];
      for (const name of order) {
        const before = sim.calls('duckduckgo');
        const { ms, stdout } = await contenders[name](`heat pump cold climate ${name} ${round}`);
        const calls = sim.calls('duckduckgo') - before;
        if (calls === 0 || !stdout.includes('http')) {
          throw new Error(`${name} run ${round} printed no results or never reached the simulator`);
        }
        samples[name].push({ ms, calls });
      }
    }
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
  const ms = (name: keyof typeof contenders) => samples[name].map((s) => s.ms);
  const m = { cli: median(ms('cli')), direct: median(ms('direct')) };
  const ratio = m.cli / m.direct;
  const calls = (name: keyof typeof contenders) => median(samples[name].map((s) => s.calls));
  return {
    id: 'startup',
    title: 'CLI start-up: one search from the shell',
    method: `${rounds} rounds, every sample counted; each round runs both contenders once, in alternating order, with the same Node binary (${process.version}) against the same simulator (no added latency). "agent-search" is the built CLI with its defaults (no key, no REDIS_URL; DuckDuckGo's HTML endpoint, one request); the baseline is a \`node -e\` script that imports duck-duck-scrape and searches (vqd page then d.js, two requests). Wall time from spawn to exit. The CLI turns on Node's compile cache (on disk, in the OS temp folder), as it does for every user, so only its first run compiles its modules; the bare script has none.`,
    checks: [
      {
        name: 'CLI search / node -e duck-duck-scrape (median wall time)',
        value: `${fmt.ratio(ratio)} (${fmt.ms(m.cli)} vs ${fmt.ms(m.direct)})`,
        target: '≤ 1.15×',
        met: ratio <= 1.15,
        ...(ratio > 1.15
          ? {
              why: `the CLI takes ${fmt.ms(m.cli - m.direct)} longer per search than the bare library: it loads core, the chain, the cache and the CLI where the script loads one library, and its requests go through \`fetch\`, whose HTTP client (undici) Node loads on first use, where duck-duck-scrape calls node:http through needle`,
            }
          : {}),
      },
    ],
    charts: [
      {
        unit: 'ms',
        bars: [
          { label: 'agent-search CLI', value: m.cli, ours: true },
          { label: 'node -e duck-duck-scrape', value: m.direct, ours: false },
        ],
      },
    ],
    details: [
      ['CLI p90', fmt.ms(percentile(ms('cli'), 90))],
      ['node -e duck-duck-scrape p90', fmt.ms(percentile(ms('direct'), 90))],
      ['upstream calls per search (simulator log): CLI / baseline', `${calls('cli')} / ${calls('direct')}`],
    ],
  };
}
