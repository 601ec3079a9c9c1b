import {
  type AvailabilityCell,
  type AvailabilityOptions,
  DEFAULT_AVAILABILITY,
  HANGING_PRIMARY,
  QUOTA_PRIMARY,
  runAvailability,
  runHangingPrimary,
  runQuotaPrimary,
} from '../availability.ts';
import { type Bar, type Check, type Figure, fmt } from '../figure.ts';

// Issue 20's bar: within 1 point of the plain loop measured in the same run.
const POINT = 0.01;
const EPSILON = 1e-9;

const KIND_LABELS: Record<AvailabilityCell['kind'], string> = {
  unavailable: 'HTTP 5xx (`unavailable`)',
  provider_error: 'malformed answer (`provider_error`)',
  rate_limited: 'isolated 429 (`rate_limited`)',
};

const cellName = (c: AvailabilityCell) => `${c.kind} ${c.rate * 100}%, ${c.inFlight} in flight`;

/** How many cells `share` keeps within 1 point of the loop, and the one furthest below it. */
function withinLoop(cells: AvailabilityCell[], share: (c: AvailabilityCell) => number, who: string): Check {
  const within = cells.filter((c) => share(c) >= c.loop - POINT - EPSILON).length;
  const worst = [...cells].sort((a, b) => share(a) - a.loop - (share(b) - b.loop))[0];
  const gap = worst && share(worst) < worst.loop - POINT - EPSILON;
  return {
    name: `Availability: cells where ${who} answers within 1 point of a plain loop`,
    value: `${within} of ${cells.length}${gap ? ` (worst: ${cellName(worst)}, ${fmt.pct(share(worst))} vs ${fmt.pct(worst.loop)})` : ''}`,
    target: `${cells.length} of ${cells.length}`,
    met: within === cells.length,
    ...(gap ? { why: `the chain fails searches the loop answers on the same faults (table below)` } : {}),
  };
}

/**
 * Figure: availability under independent provider faults (issue 20). Three in-process providers fail at
 * random with one fault kind and rate; our client (default settings), the same behind `withCache`, and a
 * plain ordered loop meet the same fault stream side by side. Plus a primary that hangs on 5% of its
 * requests, and a primary with a per-second quota.
 */
export async function availabilityFigure(
  options: AvailabilityOptions = DEFAULT_AVAILABILITY,
): Promise<Figure> {
  const cells = await runAvailability(options);
  const hang = await runHangingPrimary(HANGING_PRIMARY);
  const quota = await runQuotaPrimary(QUOTA_PRIMARY);
  const [minMs, maxMs] = options.latencyMs;
  const bars: Bar[] = cells
    .filter((c) => c.rate === 0.1 && c.inFlight === 20)
    .flatMap((c) => [
      { label: `${c.kind}: ours`, value: 100 * c.ours, ours: true },
      { label: `${c.kind}: withCache`, value: 100 * c.cached, ours: true },
      { label: `${c.kind}: plain loop`, value: 100 * c.loop, ours: false },
    ]);
  const quotaMet =
    quota.ours.fromPrimary >= quota.loop.fromPrimary / 2 && quota.ours.overQuota <= quota.loop.overQuota / 2;
  return {
    id: 'availability',
    title: 'Availability: providers failing independently',
    method: `Three in-process providers (plain \`SearchProvider\` objects answering in ${minMs}–${maxMs} ms, the issue's 10–30 ms scaled down 10× so the matrix runs in seconds) each fail independently at the given rate with the given fault, built as our HTTP providers build them (\`httpStatusError\` for 503 and for 429 without Retry-After; \`provider_error\` for a malformed answer). Each cell runs our client with default settings (\`createSearchClient\`), the same behind \`withCache\` (memory store, distinct queries, so every search reaches the chain), and a plain loop that asks the same three providers in order until one answers, side by side on the same fault stream: a request's fault is fixed by the seed (${options.seed}), the provider, the query and how many times that provider has seen it. Searches per cell: ${options.searches[1]} in sequence, ${options.searches[20]} at 20 in flight, ${options.searches[200]} at 200. The ceiling is 1 − rate³. Also: a primary that hangs on ${HANGING_PRIMARY.hangRate * 100}% of its requests (${HANGING_PRIMARY.searches} searches, ${HANGING_PRIMARY.inFlight} in flight, answers in ${HANGING_PRIMARY.latencyMs.join('–')} ms, the loop giving each provider the client's default 4 s), and a primary that answers ${QUOTA_PRIMARY.quotaPerSecond} requests a second and 429s without Retry-After past that (${QUOTA_PRIMARY.inFlight} in flight for ${QUOTA_PRIMARY.durationMs / 1000} s, counted by the primary itself), two healthy providers behind each.`,
    checks: [
      withinLoop(cells, (c) => c.ours, 'our client'),
      withinLoop(cells, (c) => c.cached, 'withCache'),
      {
        name: `Availability: primary hanging on ${HANGING_PRIMARY.hangRate * 100}% of requests, answered / p99`,
        value: `${fmt.pct(hang.answered / hang.searches)} / ${fmt.ms(hang.p99Ms)} (plain loop p99 ${fmt.ms(hang.loopP99Ms)})`,
        target: '100% / ≤ 1.5 s',
        met: hang.answered === hang.searches && hang.p99Ms <= 1_500,
      },
      {
        name: `Availability: primary with a ${QUOTA_PRIMARY.quotaPerSecond}/s quota, searches it answered / its over-quota 429s, ours vs plain loop`,
        value: `${quota.ours.fromPrimary} vs ${quota.loop.fromPrimary} / ${quota.ours.overQuota} vs ${quota.loop.overQuota}`,
        target: '≥ ½ the loop’s / ≤ ½ the loop’s',
        met: quotaMet,
        ...(quotaMet ? {} : { why: 'one 429 without Retry-After parks the primary for a minute' }),
      },
    ],
    charts: [{ unit: '% answered (10% faults, 20 in flight)', bars }],
    details: [
      ['hanging primary: requests it never answered', String(hang.hangs)],
      [
        'quota primary: searches (answered) ours / plain loop',
        `${quota.ours.searches} (${quota.ours.answered}) / ${quota.loop.searches} (${quota.loop.answered})`,
      ],
    ],
    tables: [
      {
        header: [
          'Faults on every provider',
          'In flight',
          'Ours',
          'withCache',
          'Plain loop',
          'Ceiling 1 − p³',
        ],
        rows: cells.map((c) => [
          `${c.rate * 100}% ${KIND_LABELS[c.kind]}`,
          c.inFlight === 1 ? '1 (in sequence)' : String(c.inFlight),
          fmt.pct(c.ours),
          fmt.pct(c.cached),
          fmt.pct(c.loop),
          fmt.pct(c.ceiling),
        ]),
      },
    ],
  };
}
