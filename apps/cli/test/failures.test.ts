import { PROVIDER_DEFINITIONS } from '@agent-search/registry';
import { hang, useMswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  blockedEverywhere,
  DDG,
  htmlEndpoint,
  htmlResults,
  TEXT_RESULTS,
  vqdEndpoint,
} from './fixtures/duckduckgo.ts';
import { TAVILY_RESPONSE, TAVILY_SEARCH, tavilyError, tavilySearch } from './fixtures/tavily.ts';
import { runCli } from './run-cli.ts';

const server = useMswServer();
const TAVILY_KEY = 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6';
const EXA_KEY = '3f6b2c9e-81d4-4a7f-b5e0-9c2d7a1e4f80';
/** No key and Tavily's keyless mode off: DuckDuckGo alone. */
const DDG_ALONE = { TAVILY_KEYLESS: '0' };

function expectNoStack(text: string) {
  expect(text).not.toMatch(/\n\s+at /);
}

describe('search failures exit 3 with a message a person understands', () => {
  // DuckDuckGo's own failures, without Tavily's keyless fallback behind it (see "with no key at all").
  it('blocked DuckDuckGo, no keys: suggests configuring TAVILY_API_KEY', async () => {
    server.use(...blockedEverywhere());
    const run = await runCli(['node'], DDG_ALONE);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('search failed (blocked)');
    expect(run.stderr).toMatch(/DuckDuckGo is blocking automated searches from this machine/);
    // Every keyed provider's variable, in the registry's order, but for the LLM vendors' searches: their
    // key alone would not turn them on (consent), so it is no advice.
    const keys = PROVIDER_DEFINITIONS.flatMap((d) => (d.apiKeyEnv && !d.consent ? [d.apiKeyEnv] : []));
    expect(keys.slice(0, 2)).toEqual(['PERPLEXITY_API_KEY', 'EXA_API_KEY']);
    expect(run.stderr).not.toMatch(/OPENAI_API_KEY|ANTHROPIC_API_KEY|GEMINI_API_KEY/);
    expect(run.stderr).toContain(
      `configure ${keys.slice(0, -1).join(', ')} or ${keys.at(-1)} for a fallback provider`,
    );
    // What each provider said, for detail.
    expect(run.stderr).toMatch(/duckduckgo: blocked: .*bot challenge/);
    expectNoStack(run.stderr);
  });

  it('rate-limited DuckDuckGo: "rate-limiting this machine"', async () => {
    server.use(
      http.post(DDG.html, () => new HttpResponse('', { status: 429, headers: { 'retry-after': '30' } })),
      vqdEndpoint('<html>429</html>', 429),
    );
    const run = await runCli(['node'], DDG_ALONE);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('search failed (rate_limited)');
    expect(run.stderr).toMatch(
      /DuckDuckGo is rate-limiting this machine; try again in a minute or configure PERPLEXITY_API_KEY/,
    );
  });

  it('network failure: unavailable, "check your network"', async () => {
    server.use(
      http.post(DDG.html, () => HttpResponse.error()),
      http.get(DDG.vqd, () => HttpResponse.error()),
    );
    const run = await runCli(['node', '--timeout', '5000'], DDG_ALONE);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('search failed (unavailable)');
    expect(run.stderr).toMatch(/Could not reach DuckDuckGo; check your network connection/);
    expectNoStack(run.stderr);
  });

  it('DuckDuckGo answering HTTP 500: says it answered with an error, not that the network is down', async () => {
    server.use(
      http.post(DDG.html, () => HttpResponse.html('<html>Internal Server Error</html>', { status: 500 })),
      vqdEndpoint('<html>500</html>', 500),
    );
    const run = await runCli(['node', '--timeout', '5000'], DDG_ALONE);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('search failed (unavailable)');
    expect(run.stderr).toMatch(/DuckDuckGo answered with an error \(HTTP 500\); try again later/);
    expect(run.stderr).not.toMatch(/Could not reach|network connection/);
    expectNoStack(run.stderr);
  });

  it('network failure on a news search: unavailable, not blocked (the vqd token step)', async () => {
    server.use(http.get(DDG.vqd, () => HttpResponse.error()));
    const run = await runCli(['rust release', '--mode', 'news', '--timeout', '5000'], DDG_ALONE);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('search failed (unavailable)');
    expect(run.stderr).toMatch(/Could not reach DuckDuckGo; check your network connection/);
    expectNoStack(run.stderr);
  });

  it('no answer within --timeout: timeout, and the command does not hang', async () => {
    server.use(
      http.post(DDG.html, ({ request }) => hang(request)),
      http.get(DDG.vqd, ({ request }) => hang(request)),
    );
    // Both endpoints hang: only the deadline can end the command, and its message says it did.
    const run = await runCli(['node', '--timeout', '300'], DDG_ALONE);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('search failed (timeout)');
    expect(run.stderr).toMatch(/did not finish within 300 ms; try again, or allow more time with --timeout/);
  });

  it('Ctrl-C while searching: "search cancelled", exit 130', async () => {
    server.use(
      http.post(DDG.html, ({ request }) => hang(request)),
      http.get(DDG.vqd, ({ request }) => hang(request)),
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const run = await runCli(['node'], DDG_ALONE, { signal: controller.signal });
    expect(run.code).toBe(130);
    expect(run.stderr).toBe('agent-search: search cancelled\n');
  });

  it('DuckDuckGo answering garbage: provider_error', async () => {
    server.use(
      htmlEndpoint('<html><body><p>Something else entirely</p></body></html>'),
      vqdEndpoint('<html></html>', 500),
    );
    const run = await runCli(['node'], DDG_ALONE);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('search failed (provider_error)');
    expect(run.stderr).toMatch(/DuckDuckGo answered with something unexpected/);
    expect(run.stderr).toMatch(
      /duckduckgo: \w+: The DuckDuckGo HTML endpoint returned a page without recognisable results/,
    );
  });

  it('videos with only Tavily configured: no_provider', async () => {
    const run = await runCli(['node', '--mode', 'videos'], {
      ...DDG_ALONE,
      SEARCH_PROVIDER_PRIORITY: 'tavily',
      TAVILY_API_KEY: TAVILY_KEY,
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('search failed (no_provider)');
    expect(run.stderr).toMatch(/No configured provider can serve this videos search/);
    expect(run.stderr).toMatch(/tavily: skipped: no videos search/);
  });

  it('no usable provider at all: no_provider, naming what is missing', async () => {
    const run = await runCli(['node'], { ...DDG_ALONE, SEARCH_PROVIDER_PRIORITY: 'tavily,exa' });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('search failed (no_provider)');
    expect(run.stderr).toMatch(/tavily: TAVILY_API_KEY not set; exa: EXA_API_KEY not set/);
  });
});

describe('with a fallback provider configured', () => {
  it('blocked DuckDuckGo is answered by Tavily', async () => {
    const seen: { authorization?: string | null } = {};
    server.use(...blockedEverywhere(), tavilySearch(seen));
    const run = await runCli(['node', 'lts', '--json'], { TAVILY_API_KEY: TAVILY_KEY, LOG_LEVEL: 'warn' });
    expect(run.code).toBe(0);
    const response = JSON.parse(run.stdout);
    expect(response.provider).toBe('tavily');
    expect(response.results[0]).toMatchObject({
      url: 'https://github.com/nodejs/release',
      title: 'nodejs/release: Node.js Release Working Group',
      provider: 'tavily',
    });
    expect(
      response.attempts.map((a: { provider: string; outcome: string }) => `${a.provider}:${a.outcome}`),
    ).toEqual(['duckduckgo:error', 'tavily:success']);
    expect(seen.authorization).toBe(`Bearer ${TAVILY_KEY}`);
    // The failover warning goes to stderr, never stdout, and never with the key.
    expect(run.stderr).toMatch(/DuckDuckGo failed \(blocked\)/);
    expect(run.stderr).not.toContain(TAVILY_KEY);
  });

  it('blocked DuckDuckGo is answered by Exa when only EXA_API_KEY is set', async () => {
    server.use(
      ...blockedEverywhere(),
      http.post('https://api.exa.ai/search', () =>
        HttpResponse.json({
          requestId: 'b5947044c4b78efa9552a7c89b306d95',
          resolvedSearchType: 'neural',
          results: [
            {
              id: 'https://nodejs.org/en/about/previous-releases',
              url: 'https://nodejs.org/en/about/previous-releases',
              title: 'Node.js Releases',
              publishedDate: '2025-10-28T00:00:00.000Z',
              author: null,
              text: 'Major Node.js versions enter Current release status for six months.',
            },
          ],
          costDollars: { total: 0.005 },
        }),
      ),
    );
    const run = await runCli(['node', 'releases', '--json'], { EXA_API_KEY: EXA_KEY });
    expect(run.code).toBe(0);
    const response = JSON.parse(run.stdout);
    expect(response.provider).toBe('exa');
    expect(response.results[0].url).toBe('https://nodejs.org/en/about/previous-releases');
  });

  it('blocked DuckDuckGo and a rejected Tavily key: unauthorized, "check TAVILY_API_KEY", key not shown', async () => {
    server.use(...blockedEverywhere(), tavilyError(401, `Unauthorized: invalid API key ${TAVILY_KEY}`));
    const run = await runCli(['node'], { TAVILY_API_KEY: TAVILY_KEY, LOG_LEVEL: 'debug' });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('search failed (unauthorized)');
    expect(run.stderr).toMatch(/Tavily rejected the API key; check TAVILY_API_KEY/);
    expect(run.stderr).not.toContain(TAVILY_KEY);
    expect(run.stdout).not.toContain(TAVILY_KEY);
  });

  it('blocked DuckDuckGo and Tavily out of credit: quota_exceeded', async () => {
    server.use(...blockedEverywhere(), tavilyError(432, "This request exceeds your plan's set usage limit."));
    const run = await runCli(['node'], {
      TAVILY_API_KEY: TAVILY_KEY,
      SEARCH_PROVIDER_PRIORITY: 'duckduckgo,tavily',
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('search failed (quota_exceeded)');
    expect(run.stderr).toMatch(/Tavily's quota or credit is used up/);
  });

  it('--site reaches Tavily natively, and results from other sites are dropped', async () => {
    let body: { include_domains?: string[] } = {};
    server.use(
      ...blockedEverywhere(),
      http.post(TAVILY_SEARCH, async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json({
          query: 'lts',
          results: [
            {
              url: 'https://github.com/nodejs/release',
              title: 'Release WG',
              content: 'Schedules.',
              score: 0.9,
            },
            { url: 'https://example.com/elsewhere', title: 'Elsewhere', content: 'Not GitHub.', score: 0.5 },
          ],
          response_time: 0.5,
        });
      }),
    );
    const run = await runCli(['lts', '--site', 'github.com', '--json'], { TAVILY_API_KEY: TAVILY_KEY });
    expect(run.code).toBe(0);
    expect(body.include_domains).toEqual(['github.com']);
    expect(JSON.parse(run.stdout).results.map((r: { url: string }) => r.url)).toEqual([
      'https://github.com/nodejs/release',
    ]);
  });

  it('--profile regulation (legal-cn) restricts Tavily to the Chinese law sites', async () => {
    let body: { query?: string; include_domains?: string[] } = {};
    server.use(
      ...blockedEverywhere(),
      http.post(TAVILY_SEARCH, async ({ request }) => {
        body = (await request.json()) as typeof body;
        return HttpResponse.json({
          query: body.query,
          results: [
            {
              url: 'https://flk.npc.gov.cn/detail2.html?id=pipl',
              title: '中华人民共和国个人信息保护法',
              content: '第十三条 符合下列情形之一的，个人信息处理者方可处理个人信息。',
              score: 0.9,
            },
          ],
          response_time: 0.5,
        });
      }),
    );
    const run = await runCli(['个人信息保护法 第十三条', '--profile', 'regulation', '--json'], {
      TAVILY_API_KEY: TAVILY_KEY,
    });
    expect(run.code).toBe(0);
    expect(body.include_domains).toEqual([
      'flk.npc.gov.cn',
      'npc.gov.cn',
      'gov.cn',
      'pkulaw.com',
      'chinalawinfo.com',
    ]);
    expect(JSON.parse(run.stdout).results).toHaveLength(1);
  });
});

describe('DuckDuckGo answering', () => {
  it('--no-cache still searches and prints results', async () => {
    server.use(htmlResults(TEXT_RESULTS));
    const run = await runCli(['node', '--no-cache', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).cached).toBe(false);
  });
});

describe('with no key at all: Tavily keyless behind DuckDuckGo', () => {
  it('blocked DuckDuckGo is answered by Tavily in keyless mode, sending no key', async () => {
    const sent: Request[] = [];
    server.use(
      ...blockedEverywhere(),
      http.post(TAVILY_SEARCH, ({ request }) => {
        sent.push(request);
        return HttpResponse.json(TAVILY_RESPONSE);
      }),
    );
    const run = await runCli(['node', 'lts', '--json']);
    expect(run.code).toBe(0);
    const response = JSON.parse(run.stdout);
    expect(response.provider).toBe('tavily');
    expect(response.results[0]).toMatchObject({
      url: 'https://github.com/nodejs/release',
      provider: 'tavily',
    });
    expect(
      response.attempts.map((a: { provider: string; outcome: string }) => `${a.provider}:${a.outcome}`),
    ).toEqual(['duckduckgo:error', 'tavily:success']);
    // The answer is marked as keyless (shared limits); DuckDuckGo's attempt is not.
    expect(response.attempts[1]).toMatchObject({ provider: 'tavily', outcome: 'success', keyless: true });
    expect(response.attempts[0]).not.toHaveProperty('keyless');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.get('x-tavily-access-mode')).toBe('keyless');
    expect(sent[0]!.headers.get('authorization')).toBeNull();
    // For a person: the footer names the keyless provider as such.
    const human = await runCli(['node', 'lts', '--no-cache']);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/\n\d+ results? from Tavily \(keyless\) in \d+ ms\n$/);
  });

  it("Tavily's keyless limit: rate_limited, with the wait it gave", async () => {
    server.use(
      ...blockedEverywhere(),
      http.post(TAVILY_SEARCH, () =>
        HttpResponse.json(
          {
            error: {
              code: 'hourly_cap',
              message: 'Keyless hourly limit reached.',
              retry_after_seconds: 1200,
            },
          },
          { status: 429 },
        ),
      ),
    );
    const run = await runCli(['node']);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('search failed (rate_limited)');
    expect(run.stderr).toMatch(
      /Tavily is rate-limiting this machine; try again in 20 minutes or configure .*TAVILY_API_KEY for a fallback provider/,
    );
    expect(run.stderr).toMatch(
      /tavily: rate_limited: Tavily keyless limit reached \(HTTP 429, cap hourly_cap\)/,
    );
  });
});
