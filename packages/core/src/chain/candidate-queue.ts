import { requestCostUsd } from '../provider.ts';
import type { AttemptRole } from './attempt.ts';
import type { Refusal } from './breaker.ts';
import type { Breakers } from './breakers.ts';
import type { Candidate } from './planner.ts';
import type { RunRecord } from './run-record.ts';

/** A provider its breaker held back from this search, and why. */
export interface Deferred {
  candidate: Candidate;
  refusal: Refusal;
}

/**
 * The providers of one search not started yet, and which of them may start now: the next one its breaker
 * admits, a healthy one beside a running one, or, when every one is held back, one tried anyway (panic).
 * Those held back are deferred and reported as skipped to the run's record. It starts nothing itself.
 */
export class CandidateQueue {
  readonly #queue: Candidate[];
  readonly #deferred: Deferred[] = [];
  readonly #breakers: Breakers;
  readonly #record: RunRecord;

  constructor(candidates: Candidate[], breakers: Breakers, record: RunRecord) {
    this.#queue = candidates;
    this.#breakers = breakers;
    this.#record = record;
  }

  /** Those held back, kept for panic and for the error's reason. */
  get deferred(): readonly Deferred[] {
    return this.#deferred;
  }

  /**
   * Takes the next provider its breaker admits (a trial when half-open); those it holds back are
   * deferred on the way.
   */
  admitNext(): { candidate: Candidate; role: Extract<AttemptRole, 'primary' | 'trial'> } | undefined {
    while (this.#queue.length > 0) {
      const candidate = this.#queue.shift()!;
      const admission = this.#breakers.admit(candidate.provider.id);
      if (admission.kind === 'refused') {
        this.#deferred.push({ candidate, refusal: admission });
        this.#record.skipped(candidate.provider.id, admission);
        continue;
      }
      return { candidate, role: admission.kind === 'trial' ? 'trial' : 'primary' };
    }
    return undefined;
  }

  /**
   * The provider to start beside a running one: only a healthy one (breaker closed, not throttled, not
   * suspect), a free one first: an extra request on a paid provider costs money. `reserve` is asked once
   * one is found (the hedge budget), `release` when its breaker then does not admit it closed.
   */
  takeBeside(reserve: () => boolean, release: () => void): Candidate | undefined {
    const healthy = (c: Candidate) => this.#breakers.healthy(c.provider.id);
    const free = this.#queue.findIndex((c) => healthy(c) && requestCostUsd(c.provider, c.request) === 0);
    const index = free >= 0 ? free : this.#queue.findIndex(healthy);
    if (index < 0 || !reserve()) return undefined;
    const candidate = this.#queue[index]!;
    if (this.#breakers.admit(candidate.provider.id).kind !== 'closed') {
      release();
      return undefined;
    }
    this.#queue.splice(index, 1);
    return candidate;
  }

  /**
   * Every provider left is held back: one held back by our own judgement only is tried anyway, the one
   * whose wait ends first first, each once per search. The upstream's own waits and failures that do not
   * heal in seconds stand. It was reported as skipped when deferred; now it is not.
   */
  takePanic(): Deferred | undefined {
    const breakers = this.#breakers;
    const ends = (d: Deferred) => breakers.state(d.candidate.provider.id).coolingUntil ?? 0;
    const eligible = this.#deferred.filter((d) => d.refusal.panic).sort((a, b) => ends(a) - ends(b));
    const chosen = eligible.find((d) => breakers.admitInPanic(d.candidate.provider.id));
    if (!chosen) return undefined;
    this.#deferred.splice(this.#deferred.indexOf(chosen), 1);
    this.#record.unskipped(chosen.candidate.provider.id);
    return chosen;
  }

  /** The first provider that could start now (closed, or half-open with its trial free). */
  nextAvailable(): Candidate | undefined {
    return this.#queue.find((c) => this.#breakers.available(c.provider.id));
  }

  /** Some provider left is healthy enough to hedge with. */
  someHealthy(): boolean {
    return this.#queue.some((c) => this.#breakers.healthy(c.provider.id));
  }

  /** Puts a provider back first in line (a hedge that was never sent). */
  putBack(candidate: Candidate): void {
    this.#queue.unshift(candidate);
  }

  /** Past the deadline: every provider left is skipped. */
  skipRest(reason: string): void {
    for (const c of this.#queue.splice(0)) this.#record.skipped(c.provider.id, reason);
  }
}
