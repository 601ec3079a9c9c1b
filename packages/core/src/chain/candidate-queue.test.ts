import { describe, expect, it } from 'vitest';
import type { SearchAttempt } from '../attempt.ts';
import { SearchError } from '../errors.ts';
import type { SearchProvider } from '../provider.ts';
import { normalizeRequest } from '../request.ts';
import { Breakers } from './breakers.ts';
import { CandidateQueue } from './candidate-queue.ts';
import type { Candidate } from './planner.ts';
import { RunRecord } from './run-record.ts';

const request = normalizeRequest({ query: 'tides at Brest' });

function candidate(id: string, usd?: number): Candidate {
  const provider: SearchProvider = {
    specificationVersion: 'v1',
    id,
    name: id,
    capabilities: {
      modes: ['text'],
      timeRange: false,
      domainFilter: 'none',
      safeSearch: false,
      region: false,
      requiresApiKey: false,
    },
    configured: true,
    ...(usd === undefined ? {} : { price: { usd } }),
    search: () => Promise.reject(new Error('never called here')),
  };
  return { provider, request };
}

/** A queue over `ids` with real breakers: one failure opens a breaker. */
function setup(candidates: Candidate[]) {
  const now = 1_000;
  const breakers = new Breakers(
    candidates.map((c) => c.provider.id),
    { consecutiveFailures: 1 },
    () => now,
  );
  const attempts: SearchAttempt[] = [];
  const record = new RunRecord(attempts, () => now);
  const queue = new CandidateQueue(candidates, breakers, record);
  const fail = (id: string, code: 'unavailable' | 'quota_exceeded') =>
    breakers.failed(id, new SearchError(code, `${id} failed`, { provider: id }), false, now);
  return { attempts, queue, fail };
}

describe('CandidateQueue', () => {
  it('admits the next provider, deferring and reporting those their breakers hold back', () => {
    const { attempts, queue, fail } = setup([candidate('a'), candidate('b'), candidate('c')]);
    fail('a', 'unavailable');
    expect(queue.admitNext()).toMatchObject({ candidate: { provider: { id: 'b' } }, role: 'primary' });
    expect(attempts).toEqual([{ provider: 'a', outcome: 'skipped', reason: 'breaker open', ms: 0 }]);
    expect(queue.deferred.map((d) => d.candidate.provider.id)).toEqual(['a']);
    expect(queue.admitNext()?.candidate.provider.id).toBe('c');
    expect(queue.admitNext()).toBeUndefined();
  });

  it('tries one held back by our own judgement in panic, no longer reported as skipped; never a quota', () => {
    const { attempts, queue, fail } = setup([candidate('quota'), candidate('open')]);
    fail('quota', 'quota_exceeded');
    fail('open', 'unavailable');
    expect(queue.admitNext()).toBeUndefined();
    expect(attempts.map((a) => a.provider)).toEqual(['quota', 'open']);
    expect(queue.takePanic()?.candidate.provider.id).toBe('open');
    expect(attempts.map((a) => a.provider)).toEqual(['quota']);
    // Each once per search.
    expect(queue.takePanic()).toBeUndefined();
  });

  it('starts a free healthy provider beside a running one first, and only once the budget allows', () => {
    const { queue, fail } = setup([candidate('sick'), candidate('paid', 0.01), candidate('free', 0)]);
    fail('sick', 'unavailable');
    expect(
      queue.takeBeside(
        () => false,
        () => {},
      ),
    ).toBeUndefined();
    expect(queue.nextAvailable()?.provider.id).toBe('paid');
    expect(
      queue.takeBeside(
        () => true,
        () => {},
      )?.provider.id,
    ).toBe('free');
    expect(
      queue.takeBeside(
        () => true,
        () => {},
      )?.provider.id,
    ).toBe('paid');
    // An open breaker is never a hedge.
    expect(queue.someHealthy()).toBe(false);
    expect(
      queue.takeBeside(
        () => true,
        () => {},
      ),
    ).toBeUndefined();
  });

  it('skips every provider left past the deadline, and takes back a hedge never sent', () => {
    const { attempts, queue } = setup([candidate('a'), candidate('b')]);
    const a = queue.admitNext()!.candidate;
    queue.putBack(a);
    queue.skipRest('deadline reached');
    expect(attempts).toEqual([
      { provider: 'a', outcome: 'skipped', reason: 'deadline reached', ms: 0 },
      { provider: 'b', outcome: 'skipped', reason: 'deadline reached', ms: 0 },
    ]);
    expect(queue.admitNext()).toBeUndefined();
  });
});
