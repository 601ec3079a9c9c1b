import { PROVIDER_DEFINITIONS } from '@agent-search/registry';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

const KEY = 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6';

// Configuration mistakes are said as such (exit 2, naming the variable), before anything reaches the
// network: none of these may come out as "check your network connection" (exit 3).
describe('configuration mistakes are configuration errors, not network failures', () => {
  it('SEARCH_PROVIDER_PRIORITY that names no provider (",,,")', async () => {
    const run = await runCli(['heat pumps'], { SEARCH_PROVIDER_PRIORITY: ',,,' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^agent-search: configuration error: SEARCH_PROVIDER_PRIORITY: names no provider/,
    );
  });

  it('an unknown id in SEARCH_PROVIDER_PRIORITY: exit 2 before any search, naming it and the known ids', async () => {
    const run = await runCli(['heat pumps'], { SEARCH_PROVIDER_PRIORITY: 'duckduckgo,tavly' });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const said =
      /^agent-search: configuration error: SEARCH_PROVIDER_PRIORITY: unknown provider "tavly" \(known: ([^)]*)\)\n$/.exec(
        run.stderr,
      );
    expect(said, run.stderr).not.toBeNull();
    const known = said![1]!.split(', ');
    for (const { id } of PROVIDER_DEFINITIONS) expect(known).toContain(id);
  });

  it('a key pasted into SEARCH_PROVIDER_PRIORITY is never printed back, at any log level', async () => {
    for (const level of ['info', 'debug', 'trace']) {
      const run = await runCli(['heat pumps'], {
        SEARCH_PROVIDER_PRIORITY: `duckduckgo,${KEY}`,
        LOG_LEVEL: level,
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('SEARCH_PROVIDER_PRIORITY: unknown provider number 2');
      for (const shown of [KEY, KEY.toLowerCase(), KEY.slice(5, 25).toLowerCase()]) {
        expect(run.stderr + run.stdout).not.toContain(shown);
      }
    }
    // A typo is still shown: that is what helps.
    const typo = await runCli(['heat pumps'], { SEARCH_PROVIDER_PRIORITY: 'tavly' });
    expect(typo.stderr).toContain('unknown provider "tavly"');
  });

  it.each([
    ['non-ASCII', 'tvly-ключ-abcdef'],
    ['a line break inside', 'tvly-abc\ndef123'],
    ['a space inside', 'tvly-abc def123'],
    ['quotes around it', `"${KEY}"`],
  ])('a key with %s', async (_, key) => {
    const run = await runCli(['heat pumps'], { SEARCH_PROVIDER_PRIORITY: 'tavily', TAVILY_API_KEY: key });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'agent-search: configuration error: TAVILY_API_KEY: holds characters an API key cannot have (spaces, line breaks, quotes or non-ASCII letters); paste the key again\n',
    );
  });

  it('credentials in a base URL', async () => {
    const run = await runCli(['heat pumps'], {
      SEARCH_PROVIDER_PRIORITY: 'tavily',
      TAVILY_API_KEY: KEY,
      TAVILY_BASE_URL: 'https://mark:hunter2secret@api.tavily.example/',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('TAVILY_BASE_URL: must not hold a user name or password');
    expect(run.stderr).not.toContain('hunter2secret');
    expect(run.stderr).not.toMatch(/network/);
  });

  it('read --timeout past what a timer can hold is refused, not fired at once', async () => {
    const run = await runCli(['read', 'https://example.com/', '--timeout', '3000000000']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^agent-search read: --timeout must be at most 120000/);
  });
});
