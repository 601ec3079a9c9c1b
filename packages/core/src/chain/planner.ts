import type { SearchAttempt } from '../attempt.ts';
import { SearchError } from '../errors.ts';
import { applyProfile, type SearchProfile } from '../profiles.ts';
import { type SearchProvider, unsupportedReason } from '../provider.ts';
import type { SearchRequest } from '../request.ts';
import type { Breakers } from './breakers.ts';

/** A provider in a search's plan, with the request as that provider is asked it. */
export interface Candidate {
  provider: SearchProvider;
  request: SearchRequest;
}

export interface Plan {
  /** Providers to try, in order. */
  candidates: Candidate[];
  /** Providers that cannot serve the request (mode, filters, key), as attempts. */
  skipped: SearchAttempt[];
}

/**
 * Checks a search's `providers` option against the client's providers: known ids, each once, at least one.
 * Returns them in the order given.
 */
export function selectProviders(
  all: readonly SearchProvider[],
  only: readonly string[] | undefined,
): readonly SearchProvider[] {
  if (only === undefined) return all;
  if (!Array.isArray(only) || only.length === 0) {
    throw new SearchError('invalid_request', 'providers must list at least one provider id');
  }
  const chosen: SearchProvider[] = [];
  for (const id of only) {
    const provider = all.find((p) => p.id === id);
    if (!provider) {
      throw new SearchError(
        'invalid_request',
        `Unknown provider "${String(id).slice(0, 40)}" (this client has: ${all.map((p) => p.id).join(', ')})`,
      );
    }
    if (chosen.includes(provider)) {
      throw new SearchError('invalid_request', `Provider "${provider.id}" is listed twice`);
    }
    chosen.push(provider);
  }
  return chosen;
}

/**
 * Who is eligible for a request and in what order: the configured order, providers with page text first
 * when it is asked for, and providers silent past their usual tail (suspect) after the others.
 */
export function planSearch(
  providers: readonly SearchProvider[],
  request: SearchRequest,
  profile: SearchProfile | undefined,
  breakers: Breakers,
): Plan {
  const candidates: Candidate[] = [];
  const skipped: SearchAttempt[] = [];
  for (const provider of providers) {
    // What each provider is asked: the request with the profile applied the way that provider can take it.
    const asked = profile ? applyProfile(request, profile, provider.capabilities) : request;
    const reason = unsupportedReason(provider, asked);
    if (reason) skipped.push({ provider: provider.id, outcome: 'skipped', reason, ms: 0 });
    else candidates.push({ provider, request: asked });
  }
  if (candidates.length > 1) {
    // Stable sorts keep the configured order within each group.
    if (request.includeContent) {
      candidates.sort(
        (a, b) =>
          Number(b.provider.capabilities.pageContent === true) -
          Number(a.provider.capabilities.pageContent === true),
      );
    }
    if (candidates.some((c) => breakers.suspect(c.provider.id))) {
      candidates.sort(
        (a, b) => Number(breakers.suspect(a.provider.id)) - Number(breakers.suspect(b.provider.id)),
      );
    }
  }
  return { candidates, skipped };
}
