/** One target of a figure and whether this run met it. */
export interface Check {
  name: string;
  value: string;
  target: string;
  /** null: not measured in this run (`value` says why). */
  met: boolean | null;
  /** Why a target was missed or skipped, in a sentence. */
  why?: string;
}

/** One bar of a figure's chart. */
export interface Bar {
  label: string;
  value: number;
  /** Our bars are drawn in the accent colour, peers' in grey. */
  ours: boolean;
}

export interface Figure {
  id: string;
  title: string;
  /** What was measured and how, for the report. */
  method: string;
  checks: Check[];
  /** Bar charts, each with its unit ("ms", "tokens", ...). */
  charts: { unit: string; bars: Bar[] }[];
  /** Extra rows for the report's detail table: label → value. */
  details: [string, string][];
  /** Tables of their own, after the details (a figure measured over several dimensions). */
  tables?: { header: string[]; rows: string[][] }[];
}

export const fmt = {
  ms: (ms: number) =>
    ms < 1 ? `${ms.toFixed(3)} ms` : ms < 100 ? `${ms.toFixed(2)} ms` : `${Math.round(ms)} ms`,
  ratio: (x: number) => `${x.toFixed(x < 0.1 ? 3 : 2)}×`,
  pct: (x: number) => `${(x * 100).toFixed(1)}%`,
  mb: (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`,
  /** A ratio measured in several runs: the worst (the verdict's) and the spread. */
  ratios: (values: readonly number[], worst: 'max' | 'min' = 'max') =>
    `${fmt.ratio(worst === 'max' ? Math.max(...values) : Math.min(...values))} worst of ${values.length} (${values.map(fmt.ratio).join(', ')})`,
};

/** How many times each ratio figure is measured; its verdict is on the worst run. */
export const RUNS = 3;
