/**
 * The scoring of scrapinghub/article-extraction-benchmark (`evaluate.py`), in JS: each page's text and the
 * ground truth are cut into word 4-grams ("shingles"); true and false positives and false negatives are
 * counted over them and normalised per page, so a long article weighs no more than a short one; precision
 * and recall are averaged over the pages, and F1 is taken from the two averages.
 */

/** Per page: the shares of shingles matched, extra and missing (they sum to 1, or are all 0). */
export type TpFpFn = [tp: number, fp: number, fn: number];

export interface ExtractionScore {
  f1: number;
  precision: number;
  recall: number;
  /** Pages whose words equal the ground truth's exactly. */
  accuracy: number;
}

// Python's `\w` on str: letters and digits of every script, and the underscore; combining marks are not.
const TOKEN = /[\p{L}\p{N}_]+/gu;

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

function shingles(text: string, n = 4): Map<string, number> {
  const tokens = tokenize(text);
  const counts = new Map<string, number>();
  // As evaluate.py: a text shorter than n words is one shingle of all its words; an empty one none.
  for (let i = 0; i < Math.max(1, tokens.length - n + 1); i++) {
    const shingle = tokens.slice(i, i + n);
    if (shingle.length === 0) continue;
    const key = shingle.join('\u0000');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** `string_shingle_matching` of evaluate.py. */
export function shingleMatch(truth: string, predicted: string): TpFpFn {
  const wanted = shingles(truth);
  const got = shingles(predicted);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const key of new Set([...wanted.keys(), ...got.keys()])) {
    const t = wanted.get(key) ?? 0;
    const p = got.get(key) ?? 0;
    tp += Math.min(t, p);
    fp += Math.max(0, p - t);
    fn += Math.max(0, t - p);
  }
  const sum = tp + fp + fn;
  return sum > 0 ? [tp / sum, fp / sum, fn / sum] : [tp, fp, fn];
}

function precisionOf([tp, fp, fn]: TpFpFn): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fp === 0) return 0;
  return tp / (tp + fp);
}

function recallOf([tp, fp, fn]: TpFpFn): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fn === 0) return 0;
  return tp / (tp + fn);
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** `evaluate` of evaluate.py without its bootstrap: `pairs` are [ground truth, extracted text] per page. */
export function scoreExtraction(pairs: readonly [truth: string, predicted: string][]): ExtractionScore {
  const matches = pairs.map(([truth, predicted]) => shingleMatch(truth, predicted));
  const precision = mean(matches.filter(([tp, fp]) => tp + fp > 0).map(precisionOf));
  const recall = mean(matches.filter(([tp, , fn]) => tp + fn > 0).map(recallOf));
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((token, i) => token === b[i]);
  const accuracy = mean(
    pairs.map(([truth, predicted]) => (same(tokenize(truth), tokenize(predicted)) ? 1 : 0)),
  );
  return { f1: (2 * precision * recall) / (precision + recall), precision, recall, accuracy };
}
