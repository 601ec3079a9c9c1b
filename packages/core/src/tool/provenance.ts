import { cleanText, siteOf } from '../text.ts';

/** Where one search's answer came from. */
export interface ProvenanceEntry {
  query: string;
  /** The answering provider's id (`a+b` for a merged answer), or `memory`. */
  provider: string;
  urls: string[];
  /** The sites of `urls`, in order, without repeats. */
  domains: string[];
  /** When the tool answered (ISO 8601). */
  at: string;
  /** When the answer came from memory: which bot learned it, and when. */
  learned?: { by: string; at: string };
}

export const GROUNDING_TOPIC = 'grounding';

/** The data message a front end receives on the `grounding` topic after a reply that used searches. */
export interface GroundingMessage {
  type: 'grounding';
  /** The footer line, as `grounding` renders it. */
  text: string;
  sources: ProvenanceEntry[];
}

export function provenanceEntry(
  query: string,
  provider: string,
  urls: readonly string[],
  learned?: ProvenanceEntry['learned'],
): ProvenanceEntry {
  return {
    query,
    provider,
    urls: [...urls],
    domains: [...new Set(urls.map(siteOf).filter((d) => d !== ''))],
    at: new Date().toISOString(),
    ...(learned ? { learned } : {}),
  };
}

/**
 * The sources of one session's searches, in the order the tool answered them. Give each session its
 * own collector; `take()` after each reply hands over what that reply used.
 */
export class ProvenanceCollector {
  #entries: ProvenanceEntry[] = [];
  readonly #max: number;

  /** Keeps at most `max` entries (the oldest go first), so a long session cannot grow it without bound. */
  constructor(options: { max?: number } = {}) {
    this.#max = Math.max(1, options.max ?? 100);
  }

  record(entry: ProvenanceEntry): void {
    this.#entries.push(entry);
    if (this.#entries.length > this.#max) this.#entries.splice(0, this.#entries.length - this.#max);
  }

  /** Everything recorded and not yet taken. */
  entries(): readonly ProvenanceEntry[] {
    return this.#entries;
  }

  /** Everything recorded since the last `take()`, removed from the collector. */
  take(): ProvenanceEntry[] {
    const taken = this.#entries;
    this.#entries = [];
    return taken;
  }
}

/**
 * A footer line for a reply built on these sources:
 * `grounded in: web search for "bitcoin price" (coinmarketcap.com, reuters.com)`; answers from memory read
 * `what Elena learned on 2026-11-20 (en.wikipedia.org)`. Undefined when there is nothing to cite.
 */
export function grounding(
  entries: readonly ProvenanceEntry[],
  options: { maxSites?: number } = {},
): string | undefined {
  if (entries.length === 0) return undefined;
  const max = Math.max(1, options.maxSites ?? 3);
  const parts = entries.map((entry) => {
    const shown = entry.domains.slice(0, max);
    const more = entry.domains.length - shown.length;
    const sites = shown.length === 0 ? '' : ` (${shown.join(', ')}${more > 0 ? `, +${more} more` : ''})`;
    const what = entry.learned
      ? `what ${cleanText(entry.learned.by, 80)} learned on ${entry.learned.at.slice(0, 10)}`
      : `web search for "${cleanText(entry.query, 200).replaceAll('"', "'")}"`;
    return `${what}${sites}`;
  });
  return `grounded in: ${parts.join('; ')}`;
}

/** The message `publishGrounding` sends, or undefined when the reply used no search. */
export function groundingMessage(entries: readonly ProvenanceEntry[]): GroundingMessage | undefined {
  const text = grounding(entries);
  return text === undefined ? undefined : { type: 'grounding', text, sources: [...entries] };
}
