import { PROVIDER_DEFINITIONS } from '@agent-search/registry';
import { useMswServer } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import type { ProviderListing } from '../src/providers-output.ts';
import { runCli } from './run-cli.ts';

// Listing providers sends nothing: no handlers, and an unhandled request would fail the test.
useMswServer();

const TAVILY_KEY = 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6';
const EXA_KEY = '3f6b2c9e-81d4-4a7f-b5e0-9c2d7a1e4f80';
/** A provider's number in the default listing: its place in the registry. */
const place = (id: string) => PROVIDER_DEFINITIONS.findIndex((d) => d.id === id) + 1;

describe('agent-search providers', () => {
  it('lists every provider in priority order with redacted keys, status, capabilities and health', async () => {
    const run = await runCli(['providers'], { TAVILY_API_KEY: TAVILY_KEY });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const out = run.stdout;
    expect(out).not.toContain(TAVILY_KEY);
    expect(out).toContain(`TAVILY_API_KEY=…${TAVILY_KEY.slice(-4)}`);
    expect(out).toMatch(
      /^1\. SearXNG\s+disabled: SEARXNG_URL not set\n {3}key: no key needed\n {3}cost: free\n.*\n {3}health: not in use$/m,
    );
    expect(out).toMatch(
      /^2\. DuckDuckGo\s+enabled\n {3}key: no key needed\n {3}cost: free\n {3}modes text, news, videos · time range yes · site filter yes \(site: terms\)\n {3}health: healthy$/m,
    );
    expect(out).toMatch(
      new RegExp(
        `^${place('tavily')}\\. Tavily\\s+enabled\n {3}key: TAVILY_API_KEY=…${TAVILY_KEY.slice(-4)}\n {3}cost: \\$0\\.008 a request\n {3}modes text, news · time range yes · site filter yes\n {3}health: healthy$`,
        'm',
      ),
    );
    // What the enabled ones cost, and the LLM vendors' searches off until asked for, after the list.
    expect(out).toContain(
      '\nPaid: Tavily $0.008 a request. Free: DuckDuckGo. Off, as they would spend a key set for something else: OpenAI (about $0.014 a request), Anthropic (about $0.018 a request), Gemini (about $0.036 a request); to use them, set SEARCH_NATIVE=1 or list native in SEARCH_PROVIDER_PRIORITY. No spend budget: set SEARCH_BUDGET_USD to cap what paid searches spend a day.\n',
    );
    expect(out).toMatch(/^\d\. OpenAI\s+disabled: paid, and off until asked for: set SEARCH_NATIVE=1/m);
    expect(out).toMatch(
      new RegExp(
        `^${place('exa')}\\. Exa\\s+disabled: EXA_API_KEY not set\n {3}key: EXA_API_KEY not set\n {3}cost: \\$0\\.007 a request\n.*\n {3}health: not in use$`,
        'm',
      ),
    );
  });

  it('follows SEARCH_PROVIDER_PRIORITY and reports unlisted providers', async () => {
    const run = await runCli(['providers'], {
      SEARCH_PROVIDER_PRIORITY: 'exa,duckduckgo',
      EXA_API_KEY: EXA_KEY,
    });
    expect(run.code).toBe(0);
    const names = [...run.stdout.matchAll(/^\d+\. (\w+)/gm)].map((m) => m[1]);
    // The listed ones first, then the rest in the registry's order.
    const rest = PROVIDER_DEFINITIONS.filter((d) => d.id !== 'exa' && d.id !== 'duckduckgo');
    expect(names).toEqual(['Exa', 'DuckDuckGo', ...rest.map((d) => d.name)]);
    expect(names.slice(2, 6)).toEqual(['SearXNG', 'OpenAI', 'Anthropic', 'Gemini']);
    expect(run.stdout).toMatch(/Tavily\s+disabled: not in SEARCH_PROVIDER_PRIORITY/);
    expect(run.stdout).not.toContain(EXA_KEY);
  });

  it('--json lists the same, keys redacted', async () => {
    const run = await runCli(['providers', '--json'], { TAVILY_API_KEY: TAVILY_KEY, EXA_API_KEY: EXA_KEY });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain(TAVILY_KEY);
    expect(run.stdout).not.toContain(EXA_KEY);
    const { enabled, providers } = JSON.parse(run.stdout) as {
      enabled: boolean;
      providers: ProviderListing[];
    };
    expect(enabled).toBe(true);
    // Every registered provider, in the registry's order (which starts with these).
    expect(providers.map((p) => p.id)).toEqual(PROVIDER_DEFINITIONS.map((d) => d.id));
    expect(providers.map((p) => p.id).slice(0, 6)).toEqual([
      'searxng',
      'duckduckgo',
      'openai',
      'anthropic',
      'gemini',
      'perplexity',
    ]);
    const tavily = providers.find((p) => p.id === 'tavily')!;
    expect(tavily).toMatchObject({
      enabled: true,
      configured: true,
      apiKeyEnv: 'TAVILY_API_KEY',
      apiKey: `…${TAVILY_KEY.slice(-4)}`,
      capabilities: { modes: ['text', 'news'], domainFilter: 'native', requiresApiKey: false },
      health: { provider: 'tavily', state: 'closed', failures: 0 },
    });
    expect(providers.find((p) => p.id === 'duckduckgo')).toMatchObject({
      enabled: true,
      capabilities: { modes: ['text', 'news', 'videos'] },
    });
  });

  it('says when no provider is usable', async () => {
    const run = await runCli(['providers'], { SEARCH_PROVIDER_PRIORITY: 'tavily', TAVILY_KEYLESS: '0' });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Web search is unavailable: no search provider is usable/);
  });

  it('without a key: Tavily keyless, last, saying so', async () => {
    const run = await runCli(['providers']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^\d+\. Tavily\s+enabled\n {3}key: keyless \(shared limits; TAVILY_API_KEY not set\)$/m,
    );
    const names = [...run.stdout.matchAll(/^\d+\. (\w+)/gm)].map((m) => m[1]);
    expect(names.at(-1)).toBe('Tavily');
    const json = await runCli(['providers', '--json']);
    const { providers } = JSON.parse(json.stdout) as { providers: ProviderListing[] };
    expect(providers.find((p) => p.id === 'tavily')).toMatchObject({ enabled: true, keyless: true });
  });
});
