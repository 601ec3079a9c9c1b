import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env, HedgeUsage, ProviderHealth } from '@agent-search/core';

/**
 * Where the CLI keeps provider health between runs, so a provider that was blocked a minute ago is not
 * tried first again (and `providers` shows it): AGENT_SEARCH_STATE_DIR, else $XDG_STATE_HOME/agent-search,
 * else ~/.local/state/agent-search. None without a home directory, or with AGENT_SEARCH_STATE_DIR=off.
 */
export function healthFile(env: Env): string | undefined {
  const dir = env.AGENT_SEARCH_STATE_DIR?.trim();
  if (dir === 'off') return undefined;
  if (dir) return join(dir, 'health.json');
  const state =
    env.XDG_STATE_HOME?.trim() || (env.HOME?.trim() ? join(env.HOME.trim(), '.local', 'state') : '');
  return state ? join(state, 'agent-search', 'health.json') : undefined;
}

/**
 * Where the hedge budget's use is kept beside the health file, so runs share one budget the way a
 * long-lived process does.
 */
export function hedgeFile(healthPath: string): string {
  return join(healthPath, '..', 'hedge.json');
}

// A state file holds a few providers' entries; anything bigger was not written by this command.
const MAX_STATE_BYTES = 64 * 1024;

/** A state file's JSON, or undefined when missing, oversized or unreadable. */
function readStateFile(file: string): unknown {
  try {
    if (statSync(file).size > MAX_STATE_BYTES) return undefined;
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The saved hedge usage, or nothing when missing or unreadable (core checks the counts). */
export function readHedgeUsage(file: string): HedgeUsage | undefined {
  const saved = readStateFile(file);
  return typeof saved === 'object' && saved !== null ? (saved as HedgeUsage) : undefined;
}

/** Saves the hedge usage like `writeHealth` saves health: atomically, failures ignored. */
export function writeHedgeUsage(file: string, usage: HedgeUsage): void {
  try {
    mkdirSync(join(file, '..'), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(usage)}\n`);
    renameSync(temporary, file);
  } catch {
    // The next run starts a fresh budget.
  }
}

/**
 * The saved health, or nothing when the file is missing or unreadable: it is a hint, never an error. Entries
 * in the format written before breakers are read as the breaker's format (core checks the rest).
 */
export function readHealth(file: string, now: number = Date.now()): ProviderHealth[] {
  const saved = readStateFile(file);
  return Array.isArray(saved) ? saved.map((entry) => fromLegacyEntry(entry, now) as ProviderHealth) : [];
}

/**
 * A state file written before breakers holds `state: 'cooling'` and `coolingUntil`, not since when. As the
 * breaker's format: a rate limit was the upstream's wait (`upstreamUntil`); anything else an open breaker,
 * opened when it is read. Any other entry is returned as it is.
 */
export function fromLegacyEntry(entry: unknown, now: number): unknown {
  if (typeof entry !== 'object' || entry === null) return entry;
  const legacy = entry as Record<string, unknown>;
  if (legacy.state !== 'cooling' || legacy.openedAt !== undefined) return entry;
  if (legacy.lastErrorCode === 'rate_limited') {
    return { ...legacy, state: 'closed', upstreamUntil: legacy.coolingUntil };
  }
  return { ...legacy, state: 'open', openedAt: now };
}

// Failures that depend on the API key, which the next run may well have fixed: not carried over.
const KEY_FAILURES = new Set(['unauthorized', 'quota_exceeded']);

/**
 * Saves the providers whose breaker is not closed, or that wait out an upstream's Retry-After, or are
 * suspect (silent past their usual tail or timed out: the next run tries them after the others), except
 * for failures of the key (the user may have fixed it before the next run). Written to a temporary
 * file and renamed, so a concurrent run reads the old state or the new, never half of one. Failures to
 * write (read-only home, full disk) are ignored: the search already happened.
 */
export function writeHealth(file: string, health: readonly ProviderHealth[]): void {
  try {
    mkdirSync(join(file, '..'), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    const saved = health.filter(
      (h) =>
        !KEY_FAILURES.has(h.lastErrorCode ?? '') &&
        (h.state !== 'closed' || h.upstreamUntil !== undefined || h.suspectUntil !== undefined),
    );
    writeFileSync(temporary, `${JSON.stringify(saved)}\n`);
    renameSync(temporary, file);
  } catch {
    // Nothing to do: next run starts with everything healthy, as it did before this file existed.
  }
}
