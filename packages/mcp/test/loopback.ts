import type { ProviderSimulator } from '@agent-search/testing';

// Shaped like real keys, long enough that the server would redact them from anything it prints.
export const TAVILY_KEY = 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6';
export const EXA_KEY = '3f6b2c9e-81d4-4a7f-b5e0-9c2d7a1e4f80';

/**
 * The server's environment: Tavily first and Exa as its fallback, both on the loopback simulator. The
 * cache is on, as for users: tests use a new query per call so each reaches the upstream.
 */
export function loopbackEnv(
  simulator: ProviderSimulator,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    SEARCH_PROVIDER_PRIORITY: 'tavily,exa',
    TAVILY_API_KEY: TAVILY_KEY,
    TAVILY_BASE_URL: simulator.baseURL('tavily'),
    EXA_API_KEY: EXA_KEY,
    EXA_BASE_URL: simulator.baseURL('exa'),
    LOG_LEVEL: 'silent',
    ...extra,
  };
}

/** The text of a tool result's first content block. */
export function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content[0]?.type === 'text' ? (content[0].text ?? '') : '';
}
