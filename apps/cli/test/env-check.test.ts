import { useMswServer } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

// Any request would fail the test: a configuration error searches nothing.
useMswServer();

// The one start-up check the agent and the MCP server run too (`checkSearchEnv`).
describe('the CLI checks every variable before a search', () => {
  it.each([
    ['SEARCH_RATE_LIMIT', '10/min', 'SEARCH_RATE_LIMIT: expected a whole number, got "10/min"'],
    ['WEB_SEARCH_MAX_RESULTS', '20', 'WEB_SEARCH_MAX_RESULTS: must be between 1 and 10, got "20"'],
    ['SEARCH_MEMORY_SCOPE', 'everyone', 'SEARCH_MEMORY_SCOPE: must be "private" or "shared"'],
  ])('%s=%s: exit 2 and one sentence, even with --no-cache', async (name, value, sentence) => {
    for (const argv of [['heat pumps'], ['heat pumps', '--no-cache'], ['providers']]) {
      const run = await runCli(argv, { [name]: value, SEARCH_MEMORY_BOT_ID: 'elena' });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`agent-search: configuration error: ${sentence}\n`);
    }
  });

  it('names a mistyped variable with the one meant, and goes on', async () => {
    const key = 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6';
    const run = await runCli(['providers', '--json'], { TAVILY_KEY: key, SEARCH_PROVIDERS: 'tavily' });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      'agent-search: warning: TAVILY_KEY is not read; did you mean TAVILY_API_KEY?\n' +
        'agent-search: warning: SEARCH_PROVIDERS is not read; did you mean SEARCH_PROVIDER_PRIORITY?\n',
    );
    expect(run.stdout + run.stderr).not.toContain(key);
    // Ignored, as the warning says: Tavily has no key and the priority is the default one.
    const listing = JSON.parse(run.stdout) as {
      providers: { id: string; apiKey?: string; listed: boolean }[];
    };
    const tavily = listing.providers.find((p) => p.id === 'tavily');
    expect(tavily?.apiKey).toBeUndefined();
    expect(listing.providers.every((p) => p.listed)).toBe(true);
  });

  it('says nothing of the variables it reads', async () => {
    const run = await runCli(['providers'], {
      TAVILY_API_KEY: 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6',
      SEARCH_MEMORY_BOT_ID: 'elena',
      AGENT_SEARCH_STATE_DIR: 'off',
      LOG_LEVEL: 'warn',
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
  });
});
