import { SearchConfigError } from './errors.ts';
import { usesKeyless } from './lazy-provider.ts';
import type { Env, ProviderDefinition } from './provider.ts';

/** The order providers are tried in, and every known one in the order a summary lists it. */
export interface ProviderOrder {
  /** The providers SEARCH_PROVIDER_PRIORITY lists (default: every one), in the order they are tried. */
  priority: string[];
  /** SEARCH_PROVIDER_PRIORITY was set: its order is taken as written, and naming a provider is consent. */
  explicit: boolean;
  /** Every known provider: the listed ones first, then the others in definition order. */
  all: string[];
}

/**
 * Reads SEARCH_PROVIDER_PRIORITY. By default a provider searching keyless (shared limits) is the last
 * resort, after every keyed one; an explicit SEARCH_PROVIDER_PRIORITY is taken as written.
 */
export function providerOrder(env: Env, definitions: readonly ProviderDefinition[]): ProviderOrder {
  const known = new Map(definitions.map((d) => [d.id, d]));
  const listedOrder = readPriority(env, definitions);
  const explicit = Boolean(env.SEARCH_PROVIDER_PRIORITY?.trim());
  const priority = explicit
    ? listedOrder
    : [
        ...listedOrder.filter((id) => !usesKeyless(known.get(id)!, env)),
        ...listedOrder.filter((id) => usesKeyless(known.get(id)!, env)),
      ];
  const all = [...priority, ...definitions.map((d) => d.id).filter((id) => !priority.includes(id))];
  return { priority, explicit, all };
}

// What a mistyped provider id looks like ("tavly", "duck-duck-go"). Anything else (digits, length: a key
// or a URL pasted into the wrong variable) is never quoted back.
const PROVIDER_ID_TYPO = /^[a-z][a-z_-]{0,15}$/;

function readPriority(env: Env, definitions: readonly ProviderDefinition[]): string[] {
  const ids = definitions.map((d) => d.id);
  const raw = env.SEARCH_PROVIDER_PRIORITY;
  if (raw === undefined || raw.trim() === '') return ids;
  // A group name stands for its members, in definition order; a provider id shadows a group of its name.
  const groups = new Map<string, string[]>();
  for (const d of definitions) {
    if (d.group && !ids.includes(d.group)) groups.set(d.group, [...(groups.get(d.group) ?? []), d.id]);
  }
  const names = raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  const list = [...ids, ...groups.keys()].join(', ');
  if (names.length === 0) {
    throw new SearchConfigError('SEARCH_PROVIDER_PRIORITY', `names no provider (expected some of: ${list})`);
  }
  const seen = new Set<string>();
  const priority: string[] = [];
  for (const [n, name] of names.entries()) {
    const members = ids.includes(name) ? [name] : groups.get(name);
    if (!members) {
      const what = PROVIDER_ID_TYPO.test(name)
        ? `"${name}"`
        : `number ${n + 1} (not shown: it looks like a key or an address, not a provider id)`;
      throw new SearchConfigError('SEARCH_PROVIDER_PRIORITY', `unknown provider ${what} (known: ${list})`);
    }
    if (seen.has(name)) throw new SearchConfigError('SEARCH_PROVIDER_PRIORITY', `"${name}" is listed twice`);
    seen.add(name);
    // A provider named both alone and through its group keeps its first place.
    for (const id of members) if (!priority.includes(id)) priority.push(id);
  }
  return priority;
}
