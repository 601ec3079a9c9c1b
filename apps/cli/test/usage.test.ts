import { useMswServer } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { version } from '../src/main.ts';
import { runCli } from './run-cli.ts';

// No handlers: a usage error must be reported before anything is sent.
useMswServer();

describe('usage errors exit 2 with a message on stderr', () => {
  it.each([
    [['q', '--safe', 'maybe'], /--safe must be one of strict, moderate, off/],
    [['q', '--timeout', '10'], /--timeout must be between 100 and 120000/],
    [
      ['q', '--format', 'yaml'],
      /--format must be one of text, model, xml, agent-server, structured, sources, json/,
    ],
    [['providers', '--profile', 'news'], /--profile applies to searches/],
    [['q', '--json', '--format', 'text'], /--json and --format disagree/],
    [['q', '--mdoe', 'news'], /Unknown option '--mdoe'/],
    [['q', '--json=yes'], /--json/],
    [['q', '--max'], /--max/],
    [[], /say what to search for/],
    [['   ', ''], /say what to search for/],
    [['providers', 'extra'], /"providers" takes no arguments/],
    [['providers', '--max', '3'], /--max applies to searches/],
  ])('%j', async (argv, message) => {
    const run = await runCli(argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    // The message and where to look, not the whole usage: in a 24-line terminal the message stays in view.
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^agent-search: /);
    expect(lines[1]).toBe('Run "agent-search --help" for usage.');
  });

  it('rejects a query over the length limit with exit 2', async () => {
    const run = await runCli(['x'.repeat(600)]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/query is 600 characters long; the limit is 512/);
  });

  it('rejects an unknown --profile with exit 2, listing the known ones', async () => {
    const run = await runCli(['q', '--profile', 'Nope!']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Unknown search profile "nope!"; use one of: general, news, regulation, case/);
  });

  it('rejects a --site that is not a domain name with exit 2', async () => {
    const run = await runCli(['q', '--site', 'not a domain']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--site: "not a domain" is not a domain name/);
  });

  it('refuses an --exclude-site with no domain in it, rather than ignoring it', async () => {
    const run = await runCli(['q', '--exclude-site', 'http://']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--exclude-site: "http:\/\/" is not a domain name/);
  });
});

describe('configuration errors exit 2 and name the variable', () => {
  it.each([
    [{ SEARCH_TIMEOUT_MS: 'soon' }, /configuration error: SEARCH_TIMEOUT_MS: expected a whole number/],
    [
      { SEARCH_PROVIDER_PRIORITY: 'duckduckgo,google' },
      /SEARCH_PROVIDER_PRIORITY: unknown provider "google"/,
    ],
    [{ WEB_SEARCH_MAX_RESULTS: '50' }, /WEB_SEARCH_MAX_RESULTS: must be between 1 and 10/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL: expected one of fatal, error, warn/],
    [{ SEARCH_PROFILES: '{not json' }, /configuration error: SEARCH_PROFILES: not valid JSON/],
    [{ SEARCH_CACHE_TTL: '-5' }, /SEARCH_CACHE_TTL: must be between 0.001 and 31536000/],
    [{ SEARCH_CACHE_TTL: '1e308' }, /SEARCH_CACHE_TTL: expected a number, got "1e308"/],
    [{ REDIS_URL: 'not a url' }, /REDIS_URL: is not a valid URL/],
    [{ REDIS_URL: 'http://cache.internal:6379' }, /REDIS_URL: must start with redis:\/\/ or rediss:\/\//],
    [{ SEARCH_GLOBAL_MAX_WAIT_MS: '1e12' }, /SEARCH_GLOBAL_MAX_WAIT_MS: expected a whole number/],
    [{ SEARCH_GLOBAL_MAX_WAIT_MS: '999999999' }, /SEARCH_GLOBAL_MAX_WAIT_MS: must be between 0 and 60000/],
    [{ SEARCH_RATE_LIMIT: '0.5' }, /SEARCH_RATE_LIMIT: expected a whole number, got "0.5"/],
    [
      {
        SEARCH_PROVIDER_PRIORITY: 'tavily',
        TAVILY_API_KEY: 'tvly-test-key-0000',
        TAVILY_BASE_URL: 'ftp://x',
      },
      /TAVILY_BASE_URL: must start with https:\/\/ or http:\/\//,
    ],
  ])('%j', async (env, message) => {
    const run = await runCli(['q'], env);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
  });
});

describe('help and version', () => {
  it('--help prints every flag on stdout', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    for (const flag of [
      '--mode',
      '--max',
      '--time',
      '--safe',
      '--site',
      '--exclude-site',
      '--region',
      '--json',
      '--format',
      '--timeout',
      '--no-cache',
    ]) {
      expect(run.stdout).toContain(flag);
    }
    expect(run.stdout).toContain('agent-search providers');
  });

  it('--version prints the package version', async () => {
    const run = await runCli(['--version']);
    expect(run).toMatchObject({ code: 0, stdout: `${version()}\n` });
    expect(version()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
