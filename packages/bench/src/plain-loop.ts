import type { SearchProvider, SearchRequest } from '@agent-search/core';

/** The client's default longest wait for one provider: the loop gives each provider as long. */
export const LOOP_ATTEMPT_TIMEOUT_MS = 4_000;

export interface LoopOutcome {
  /** The provider that answered, or undefined when none did. */
  answeredBy: string | undefined;
  /** Every provider asked, in order, and whether it answered. */
  attempts: { provider: string; answered: boolean }[];
}

/**
 * The baseline every availability figure compares with: each provider in order until one answers with
 * results, each given `attemptTimeoutMs`. No state, no cool-downs: what anyone writes first.
 */
export async function plainLoop(
  providers: readonly SearchProvider[],
  request: SearchRequest,
  attemptTimeoutMs = LOOP_ATTEMPT_TIMEOUT_MS,
): Promise<LoopOutcome> {
  const attempts: LoopOutcome['attempts'] = [];
  for (const provider of providers) {
    // A timer of our own, not AbortSignal.timeout: that one does not keep the process alive while it waits.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('The attempt timed out', 'TimeoutError')),
      attemptTimeoutMs,
    );
    let answered = false;
    try {
      answered = (await provider.search(request, { signal: controller.signal })).results.length > 0;
    } catch {
      // The next provider, as for an empty answer.
    } finally {
      clearTimeout(timer);
    }
    attempts.push({ provider: provider.id, answered });
    if (answered) return { answeredBy: provider.id, attempts };
  }
  return { answeredBy: undefined, attempts };
}
