import { withCache } from '@agent-search/cache';
import { createSearchClient, type SearchClient } from '@agent-search/core';
import type { CaseResult, RegulationResult } from '@agent-search/legal-cn';
import {
  CASE_TOOL_NAME,
  caseSearchTool,
  EMPTY_KEYWORD_ERROR,
  EMPTY_LAW_NAME_ERROR,
  LEGAL_TOOL_RULES,
  type LegalToolOptions,
  type LegalToolOutput,
  normalizeCaseType,
  REGULATION_TOOL_NAME,
  regulationSearchTool,
  withLegalProfiles,
} from '@agent-search/legal-cn';
import { liveKitTool } from '@agent-search/livekit-tool';
import { createTavilyProvider } from '@agent-search/provider-tavily';
import {
  consumerLawPage,
  fraudJudgmentPage,
  lawyerAnswerPage,
  salesContractJudgmentPage,
  type TavilyPage,
  tavilySearchResponse,
} from '@agent-search/provider-tavily/testing';
import { readPage } from '@agent-search/reader';
import { type MswServer, useMswServer } from '@agent-search/testing';
import { llm, runWithJobContextAsync } from '@livekit/agents';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  expectInterruptAbortsUpstream,
  hangingUpstream,
  jobWithCaller,
  runTurn,
  startTurn,
} from './livekit-session.ts';

// legal-cn's layer tools offered to a LiveKit agent through the generic adapter: what an app writes.
const createRegulationSearchTool = (options: LegalToolOptions) =>
  liveKitTool(regulationSearchTool(options), { loadingStatus: false });
const createCaseSearchTool = (options: LegalToolOptions) =>
  liveKitTool(caseSearchTool(options), { loadingStatus: false });

const server = useMswServer();

const TAVILY_SEARCH = 'https://api.tavily.com/search';
const API_KEY = 'tvly-dev-LEGAL0secret0key0do0not0leak';

interface TavilyBody {
  query: string;
  max_results: number;
  include_domains?: string[];
  include_raw_content: false | 'text';
}

/** Replays Tavily: `pages` (cut to max_results) for every search; records each request body. */
function replayTavily(msw: MswServer, pages: TavilyPage[]) {
  const bodies: TavilyBody[] = [];
  msw.use(
    http.post(TAVILY_SEARCH, async ({ request }) => {
      const body = (await request.json()) as TavilyBody;
      bodies.push(body);
      const results = pages.slice(0, body.max_results);
      return HttpResponse.json(
        tavilySearchResponse(body.query, results, body.include_raw_content === 'text'),
      );
    }),
  );
  return bodies;
}

/**
 * The real core client with the legal profiles over the real Tavily provider; generous deadlines for a
 * loaded machine.
 */
function tavilyClient(): SearchClient {
  return createSearchClient({
    providers: [createTavilyProvider({ apiKey: API_KEY })],
    profiles: withLegalProfiles(),
    timeoutMs: 30_000,
    attemptTimeoutMs: 30_000,
  });
}

function regulationTurn(args: Record<string, unknown>, client = tavilyClient()) {
  const tools = { [REGULATION_TOOL_NAME]: createRegulationSearchTool({ client }) };
  return runTurn<LegalToolOutput<RegulationResult>>(tools, { name: REGULATION_TOOL_NAME, args });
}

function caseTurn(args: Record<string, unknown>, client = tavilyClient()) {
  const tools = { [CASE_TOOL_NAME]: createCaseSearchTool({ client }) };
  return runTurn<LegalToolOutput<CaseResult>>(tools, { name: CASE_TOOL_NAME, args });
}

describe('regulation_search through a voice.AgentSession', () => {
  it('law name and article: the article text, its number, date and the articles it cites', async () => {
    const bodies = replayTavily(server, [consumerLawPage, lawyerAnswerPage]);
    const turn = await regulationTurn({
      law_name: '消费者权益保护法',
      article: '第五十五条',
      max_results: 3,
    });

    expect(turn.raw.isError).toBe(false);
    expect(turn.output.error).toBeUndefined();
    expect(turn.output.results).toHaveLength(2);
    const [statute, answer] = turn.output.results;
    expect(statute).toEqual({
      lawName: '中华人民共和国消费者权益保护法',
      articleNumber: 55,
      content: expect.stringMatching(/^第五十五条 经营者提供商品或者服务有欺诈行为的，/),
      effectiveDate: '2014-03-15',
      source: 'flk.npc.gov.cn',
      url: consumerLawPage.url,
      references: [
        { lawName: '中华人民共和国消费者权益保护法', articleNumber: 49, citation: '本法第四十九条' },
        { lawName: '中华人民共和国消费者权益保护法', articleNumber: 51, citation: '本法第五十一条' },
      ],
    });
    // The article runs to the next heading: both paragraphs, nothing of 第五十六条.
    expect(statute?.content).toContain('二倍以下的惩罚性赔偿。');
    expect(statute?.content).not.toContain('第五十六条');
    // A page quoting the article in prose has no article text: the field is absent, not null or empty.
    expect(answer).toEqual({
      lawName: '消费者权益保护法',
      source: 'chinalawinfo.com',
      url: lawyerAnswerPage.url,
      references: [],
    });
    expect(Object.keys(answer!).sort()).toEqual(['lawName', 'references', 'source', 'url']);

    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.query).toBe('消费者权益保护法 第五十五条');
    expect(bodies[0]?.max_results).toBe(3);
  });

  it('searches only the regulation profile’s sites', async () => {
    const bodies = replayTavily(server, [consumerLawPage]);
    await regulationTurn({ law_name: '消费者权益保护法', article: '55' });
    expect(bodies[0]?.include_domains).toEqual([
      'flk.npc.gov.cn',
      'npc.gov.cn',
      'gov.cn',
      'pkulaw.com',
      'chinalawinfo.com',
    ]);
    expect(bodies[0]?.query).toBe('消费者权益保护法 第五十五条');
  });

  it('behind the cache, keeps a regulation answer 24 h (the profile’s own TTL), then searches again', async () => {
    const bodies = replayTavily(server, [consumerLawPage]);
    let now = Date.parse('2026-03-01T08:00:00Z');
    const client = withCache(tavilyClient(), { rateLimits: false, now: () => now });
    const ask = () => regulationTurn({ law_name: '消费者权益保护法', article: '55' }, client);
    const first = (await ask()).output;
    expect(first.results).toHaveLength(1);
    expect(first).not.toHaveProperty('cached');
    now += 24 * 3_600_000 - 60_000; // past the default TTL (1 h), short of the profile's
    const second = (await ask()).output;
    expect(second.results[0]?.articleNumber).toBe(55);
    // The cache's answer says so, beside results; the results are the same.
    expect(second.cached).toBe(true);
    expect(second.results).toEqual(first.results);
    expect(bodies).toHaveLength(1);
    now += 120_000;
    await ask();
    expect(bodies).toHaveLength(2);
  });

  it('refuses, when created, a client built without the legal profiles', () => {
    const bare = createSearchClient({ providers: [createTavilyProvider({ apiKey: API_KEY })] });
    expect(() => createRegulationSearchTool({ client: bare })).toThrow(
      /no "regulation" profile: create it with profiles: withLegalProfiles\(\)/,
    );
    expect(() => createCaseSearchTool({ client: withCache(bare, { rateLimits: false }) })).toThrow(
      /no "case" profile/,
    );
  });

  it('strict-mode arguments (unset ones null): the whole law, five results at most', async () => {
    const bodies = replayTavily(server, [consumerLawPage]);
    const turn = await regulationTurn({ law_name: '消费者权益保护法', article: null, max_results: null });
    expect(bodies[0]).toMatchObject({ query: '消费者权益保护法', max_results: 5 });
    expect(turn.output.results[0]?.articleNumber).toBeUndefined();
    expect(turn.output.results[0]?.content).toMatch(/^中华人民共和国消费者权益保护法 制定机关/);
  });

  it.each(['', '   '])('law name %j: an error sentence, no upstream request', async (lawName) => {
    const bodies = replayTavily(server, [consumerLawPage]);
    const turn = await regulationTurn({ law_name: lawName, article: '第五十五条' });
    expect(turn.output).toEqual({ results: [], error: EMPTY_LAW_NAME_ERROR });
    expect(bodies).toEqual([]);
  });

  it('an article that is not a number: legal-cn’s sentence, no upstream request', async () => {
    const bodies = replayTavily(server, [consumerLawPage]);
    const turn = await regulationTurn({ law_name: '民法典', article: '关于欺诈' });
    expect(turn.output.results).toEqual([]);
    expect(turn.output.error).toBe(
      'article "关于欺诈" is not an article number; write 第一百零八条, 第108条 or 108',
    );
    expect(bodies).toEqual([]);
  });

  it('an upstream 429: "rate limited", no upstream text or key', async () => {
    server.use(
      http.post(TAVILY_SEARCH, () =>
        HttpResponse.json(
          { detail: { error: `Your request has been blocked due to excessive requests (key ${API_KEY}).` } },
          { status: 429, headers: { 'Retry-After': '30' } },
        ),
      ),
    );
    const turn = await regulationTurn({ law_name: '民法典', article: '108' });
    expect(turn.output).toEqual({ results: [], error: 'rate limited' });
    expect(turn.raw.output).not.toContain(API_KEY);
  });

  it('with readPage, an article the search gave only as a snippet is read from the statute’s page', async () => {
    // Tavily without page text for these pages (raw_content null): snippets only, as on the keyless default.
    const bodies: TavilyBody[] = [];
    server.use(
      http.post(TAVILY_SEARCH, async ({ request }) => {
        const body = (await request.json()) as TavilyBody;
        bodies.push(body);
        return HttpResponse.json(tavilySearchResponse(body.query, [consumerLawPage], false));
      }),
    );
    const { origin, pathname } = new URL(consumerLawPage.url);
    const reads: string[] = [];
    server.use(
      http.get(`${origin}/robots.txt`, () => new HttpResponse('User-agent: *\nAllow: /\n')),
      http.get(`${origin}${pathname}`, ({ request }) => {
        reads.push(request.url);
        const paragraphs = consumerLawPage.content.split('\n').map((line) => `<p>${line}</p>`);
        return HttpResponse.html(
          `<!doctype html><html><head><meta charset="utf-8"><title>${consumerLawPage.title}</title></head><body><nav><a href="/">首页</a></nav><article><h1>${consumerLawPage.title}</h1>${paragraphs.join('')}</article><footer>国家法律法规数据库</footer></body></html>`,
        );
      }),
    );
    const args = { law_name: '消费者权益保护法', article: '第五十五条' };
    // Without readPage: the 160-character snippet shows the article's heading and cuts its text short.
    const snippetOnly = await regulationTurn(args);
    expect(snippetOnly.output.results[0]?.content).toMatch(/^第五十五条 经营者提供/);
    expect(snippetOnly.output.results[0]?.content).not.toContain('惩罚性赔偿');
    expect(reads).toEqual([]);

    const tools = {
      [REGULATION_TOOL_NAME]: createRegulationSearchTool({ client: tavilyClient(), readPage }),
    };
    const turn = await runTurn<LegalToolOutput<RegulationResult>>(tools, {
      name: REGULATION_TOOL_NAME,
      args,
    });
    expect(reads).toEqual([consumerLawPage.url]);
    expect(bodies).toHaveLength(2);
    expect(turn.output.error).toBeUndefined();
    expect(turn.output.results[0]).toMatchObject({
      lawName: '中华人民共和国消费者权益保护法',
      articleNumber: 55,
      content: expect.stringMatching(
        /^第五十五条 经营者提供商品或者服务有欺诈行为的，.*二倍以下的惩罚性赔偿。$/,
      ),
      effectiveDate: '2014-03-15',
      url: consumerLawPage.url,
    });
  });

  it('an interrupted turn aborts the upstream request', async () => {
    const upstream = hangingUpstream(server, TAVILY_SEARCH);
    const tools = { [REGULATION_TOOL_NAME]: createRegulationSearchTool({ client: tavilyClient() }) };
    const turn = await startTurn(tools, { name: REGULATION_TOOL_NAME, args: { law_name: '民法典' } });
    await expectInterruptAbortsUpstream(turn, upstream);
  });
});

describe('legal searches and per-user limits', () => {
  it('count against the caller in a job, like search_internet: the second search over the limit is refused', async () => {
    const bodies = replayTavily(server, [consumerLawPage]);
    // One upstream search per user per minute; each tool call below is a new query (no cache hit).
    const client = withCache(tavilyClient(), { rateLimits: { perUser: { points: 1 } } });
    const job = jobWithCaller('caller-7');
    const first = await runWithJobContextAsync(job, () =>
      regulationTurn({ law_name: '消费者权益保护法' }, client),
    );
    const second = await runWithJobContextAsync(job, () =>
      caseTurn({ keyword: '消费欺诈 三倍赔偿' }, client),
    );
    expect(first.output.results).toHaveLength(1);
    expect(second.output).toEqual({ results: [], error: 'rate limited' });
    expect(bodies).toHaveLength(1);

    // Outside a job there is no caller to count: the limit does not apply.
    const third = await caseTurn({ keyword: '消费欺诈 三倍赔偿' }, client);
    expect(third.output.error).toBeUndefined();
    expect(bodies).toHaveLength(2);
  });
});

describe('case_search through a voice.AgentSession', () => {
  it('with case_type: case number, court, date, type, facts and verdict; other types dropped', async () => {
    const bodies = replayTavily(server, [salesContractJudgmentPage, fraudJudgmentPage]);
    const turn = await caseTurn({ keyword: '买卖合同纠纷', case_type: '民事', max_results: null });

    expect(bodies[0]).toMatchObject({ query: '买卖合同纠纷 民事', max_results: 5 });
    expect(turn.output.error).toBeUndefined();
    // The criminal judgment is another type of case: left out.
    expect(turn.output.results).toHaveLength(1);
    expect(turn.output.results[0]).toEqual({
      caseNumber: '（2024）沪0115民初12345号',
      caseName: '上海某贸易有限公司与上海某科技有限公司买卖合同纠纷一审民事判决书',
      court: '上海市浦东新区人民法院',
      date: '2024-05-20',
      caseType: '民事',
      summary: '2023年3月，原告向被告供应电子元器件一批，货款共计人民币126000元，被告收货后至今未付款。',
      verdict:
        '一、被告上海某科技有限公司应于判决生效之日起十日内支付原告上海某贸易有限公司货款人民币126000元； 二、驳回原告上海某贸易有限公司的其他诉讼请求。 案件受理费2820元，由被告上海某科技有限公司负担。',
      url: salesContractJudgmentPage.url,
    });
  });

  it('behind the cache, a repeated search says cached: true beside the same results', async () => {
    const bodies = replayTavily(server, [salesContractJudgmentPage]);
    let now = Date.parse('2026-03-01T08:00:00Z');
    const client = withCache(tavilyClient(), { rateLimits: false, now: () => now });
    const first = (await caseTurn({ keyword: '买卖合同 货款' }, client)).output;
    expect(first.results).toHaveLength(1);
    expect(first).not.toHaveProperty('cached');
    now += 60_000;
    const second = (await caseTurn({ keyword: '买卖合同 货款' }, client)).output;
    expect(second.cached).toBe(true);
    expect(second.results).toEqual(first.results);
    expect(bodies).toHaveLength(1);
  });

  it('searches only the case profile’s sites', async () => {
    const bodies = replayTavily(server, [salesContractJudgmentPage]);
    await caseTurn({ keyword: '买卖合同纠纷' });
    expect(bodies[0]?.include_domains).toEqual([
      'wenshu.court.gov.cn',
      'court.gov.cn',
      'chinacourt.org',
      'spp.gov.cn',
      'pkulaw.com',
    ]);
  });

  it('a case_type written another way is normalized; an unknown one is ignored', async () => {
    const bodies = replayTavily(server, [salesContractJudgmentPage, fraudJudgmentPage]);
    const criminal = await caseTurn({ keyword: '合同诈骗', case_type: '刑事案件' });
    const any = await caseTurn({ keyword: '合同', case_type: '合同类' });

    expect(bodies.map((b) => b.query)).toEqual(['合同诈骗 刑事', '合同']);
    expect(criminal.output.results.map((c) => c.caseNumber)).toEqual(['（2023）粤0304刑初456号']);
    expect(criminal.output.results[0]).toMatchObject({
      court: '广东省深圳市福田区人民法院',
      date: '2023-09-08',
      caseType: '刑事',
      verdict: '被告人王某犯合同诈骗罪，判处有期徒刑三年。',
    });
    expect(any.output.results.map((c) => c.caseType)).toEqual(['民事', '刑事']);
  });

  it('an empty keyword: an error sentence, no upstream request', async () => {
    const bodies = replayTavily(server, [salesContractJudgmentPage]);
    const turn = await caseTurn({ keyword: ' ', case_type: '民事' });
    expect(turn.output).toEqual({ results: [], error: EMPTY_KEYWORD_ERROR });
    expect(bodies).toEqual([]);
  });

  it('an upstream 429: "rate limited"', async () => {
    server.use(
      http.post(TAVILY_SEARCH, () =>
        HttpResponse.json({ detail: { error: 'Too many requests' } }, { status: 429 }),
      ),
    );
    const turn = await caseTurn({ keyword: '民间借贷' });
    expect(turn.output).toEqual({ results: [], error: 'rate limited' });
  });
});

describe('legal tool definitions', () => {
  it.each([
    {
      name: 'regulation',
      tool: () => createRegulationSearchTool({ client: tavilyClient() }),
      fields: ['article', 'law_name', 'loading_message', 'max_results'],
    },
    {
      name: 'case',
      tool: () => createCaseSearchTool({ client: tavilyClient() }),
      fields: ['case_type', 'keyword', 'loading_message', 'max_results'],
    },
  ])('$name: valid in strict tool-schema mode', ({ tool, fields }) => {
    const schema = tool().parameters;
    const json = llm.toJsonSchema(schema, true, true) as {
      required: string[];
      additionalProperties: boolean;
      properties: Record<string, { type: string | string[] }>;
    };
    expect([...json.required].sort()).toEqual(fields);
    expect(json.additionalProperties).toBe(false);
    const nullable = Object.entries(json.properties)
      .filter(([, p]) => Array.isArray(p.type) && p.type.includes('null'))
      .map(([k]) => k)
      .sort();
    expect(nullable).toEqual(fields.filter((f) => f !== 'law_name' && f !== 'keyword'));
  });

  it('normalizeCaseType', () => {
    expect(normalizeCaseType('民事')).toBe('民事');
    expect(normalizeCaseType(' 国家赔偿案件 ')).toBe('国家赔偿');
    expect(normalizeCaseType('民 事')).toBe('民事');
    expect(normalizeCaseType('Criminal')).toBe('刑事');
    expect(normalizeCaseType('合同')).toBeUndefined();
    expect(normalizeCaseType('')).toBeUndefined();
    expect(normalizeCaseType(null)).toBeUndefined();
  });

  it('the rules name both tools and ask for citations and sources', () => {
    expect(LEGAL_TOOL_RULES).toContain(REGULATION_TOOL_NAME);
    expect(LEGAL_TOOL_RULES).toContain(CASE_TOOL_NAME);
    expect(LEGAL_TOOL_RULES).toMatch(/案号/);
    expect(LEGAL_TOOL_RULES).toMatch(/第X条/);
  });
});
