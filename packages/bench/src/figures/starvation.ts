import type { Figure } from '../figure.ts';
import { fmt } from '../figure.ts';
import { DEFAULT_STARVATION, runStarvation, type StarvationOptions } from '../starvation.ts';

// Issue 37's bar, as the load figure's: within 1 point of a plain loop over the same providers.
const POINT = 0.01;

/**
 * Figure: availability on a starved event loop (issue 37). This process's loop is kept busy in spells of
 * synchronous work while our chain, then a plain loop, search three upstreams served from other processes
 * (so every answer comes on time): a search fails only when a timer, firing late, is taken for the
 * provider's silence. The chain gives an attempt back the time the loop took from it while the deadline
 * has room (docs/chain.md, "Budget").
 */
export async function starvationFigure(options: StarvationOptions = DEFAULT_STARVATION): Promise<Figure> {
  const report = await runStarvation(options);
  const met = report.ours >= report.loop - POINT;
  const [busyMin, busyMax] = options.busyMs;
  return {
    id: 'starvation',
    title: 'Starved event loop: availability while the process is busy',
    method: `Tavily, Exa and Brave on simulators in their own processes, answering in about ${options.upstreamMs} ms; this process busy in spells of ${busyMin}–${busyMax} ms; ${options.searches} searches, ${options.inFlight} in flight, ${options.attemptTimeoutMs} ms a provider (the chain's deadline ${options.timeoutMs} ms, the loop none); ours, then the plain loop.`,
    checks: [
      {
        name: 'Starvation: answered share vs a plain loop',
        value: `ours ${fmt.pct(report.ours)}, plain loop ${fmt.pct(report.loop)}`,
        target: 'within 1 point of the loop',
        met,
        ...(met ? {} : { why: 'late timers failed searches whose answers were waiting (see the lag below)' }),
      },
    ],
    charts: [],
    details: [
      ['starvation: loop busy', fmt.pct(report.busyShare)],
      ['starvation: worst timer lag', fmt.ms(report.maxLagMs)],
    ],
  };
}
