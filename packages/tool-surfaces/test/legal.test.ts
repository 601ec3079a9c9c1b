import { createSearchClient, type SearchClient } from '@agent-search/core';
import type { LayerTool } from '@agent-search/core/tool';
import {
  caseSearchTool,
  EMPTY_KEYWORD_ERROR,
  EMPTY_LAW_NAME_ERROR,
  regulationSearchTool,
  withLegalProfiles,
} from '@agent-search/legal-cn';
import { createTavilyProvider } from '@agent-search/provider-tavily';
import {
  consumerLawPage,
  fraudJudgmentPage,
  salesContractJudgmentPage,
  type TavilyPage,
  tavilySearchResponse,
} from '@agent-search/provider-tavily/testing';
import { useMswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { SURFACES } from './surfaces.ts';

const server = useMswServer();
const TAVILY_SEARCH = 'https://api.tavily.com/search';
const API_KEY = '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';

/** Replays Tavily: `pages` (cut to max_results) for every search. */
function replayTavily(pages: TavilyPage[]) {
  server.use(
    http.post(TAVILY_SEARCH, async ({ request }) => {
      const body = (await request.json()) as { query: string; max_results: number };
      return HttpResponse.json(tavilySearchResponse(body.query, pages.slice(0, body.max_results)));
    }),
  );
}

function failingTavily(status: number) {
  server.use(
    http.post(TAVILY_SEARCH, () =>
      HttpResponse.json({ detail: { error: `upstream says ${API_KEY}` } }, { status }),
    ),
  );
}

/** The real core client with the legal profiles over the real Tavily provider (no cache: each call searches). */
function client(): SearchClient {
  return createSearchClient({
    providers: [createTavilyProvider({ apiKey: API_KEY })],
    profiles: withLegalProfiles(),
    timeoutMs: 30_000,
    attemptTimeoutMs: 30_000,
  });
}

const regulation = (): LayerTool => regulationSearchTool({ client: client() });
const cases = (): LayerTool => caseSearchTool({ client: client() });

describe.each(SURFACES)('the legal tools on $name', (surface) => {
  it('regulation_search: the article the model asked for, from the statute page', async () => {
    replayTavily([consumerLawPage]);
    const { failed, said } = await surface.call(regulation(), {
      law_name: '消费者权益保护法',
      article: '第五十五条',
      max_results: '3',
    });
    expect(failed).toBe(false);
    expect(said).toContain('第五十五条');
    expect(said).toContain('flk.npc.gov.cn');
  });

  it('case_search: a case type written another way is read, and the judgment found', async () => {
    replayTavily([salesContractJudgmentPage, fraudJudgmentPage]);
    const { failed, said } = await surface.call(cases(), { keyword: '买卖合同纠纷', case_type: '民事案件' });
    expect(failed).toBe(false);
    expect(said).toContain('（2024）沪0115民初12345号');
    // The criminal judgment is another type of case: left out.
    expect(said).not.toContain('粤0304刑初456号');
  });

  it('an empty law name or keyword: the one refusal each, no search', async () => {
    failingTavily(500);
    expect(await surface.call(regulation(), { law_name: '  ' })).toEqual({
      failed: true,
      said: EMPTY_LAW_NAME_ERROR,
    });
    expect(await surface.call(cases(), { keyword: '' })).toEqual({ failed: true, said: EMPTY_KEYWORD_ERROR });
  });

  it('a provider failure: its one sentence, never the upstream text or the key', async () => {
    failingTavily(429);
    const limited = await surface.call(regulation(), { law_name: '民法典' });
    expect(limited).toEqual({ failed: true, said: 'rate limited' });
    failingTavily(401);
    const refused = await surface.call(cases(), { keyword: '民间借贷' });
    expect(refused).toEqual({
      failed: true,
      said: 'search is not set up correctly: the provider rejected its credentials',
    });
  });
});

describe('the legal tools: one outcome on every surface', () => {
  it('a failure is the same answer on every surface', async () => {
    failingTavily(429);
    const answers = await Promise.all(
      SURFACES.map((surface) => surface.call(regulation(), { law_name: '民法典' })),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size, JSON.stringify(answers)).toBe(1);
  });
});
