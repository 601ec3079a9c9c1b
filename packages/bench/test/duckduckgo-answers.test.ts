import { vqdFor } from '@agent-search/provider-duckduckgo/testing';
import type { ProviderSimulator } from '@agent-search/testing/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUCKDUCKGO_ANSWERS, dJsAnswer } from '../src/duckduckgo-answers.ts';
import { countTokens, tokensOnDuckDuckGoAnswers } from '../src/figures/tokens.ts';
import { routeNeedleTo, startBenchSimulator } from '../src/upstreams.ts';

// The bench's DuckDuckGo-shaped answers, served by the simulator on loopback to our client and LangChain's tool.
let sim: ProviderSimulator;
beforeAll(async () => {
  sim = await startBenchSimulator(3);
  routeNeedleTo(sim);
});
afterAll(() => sim.close());

describe('DuckDuckGo-shaped d.js answers', () => {
  it('keep the shape of real answers: plain titles, highlighted snippets, ~10 results', () => {
    expect(DUCKDUCKGO_ANSWERS.length).toBeGreaterThanOrEqual(3);
    for (const answer of DUCKDUCKGO_ANSWERS) {
      expect(answer.results).toHaveLength(10);
      for (const result of answer.results) {
        expect(result.t).not.toMatch(/<b>/);
        expect(result.a.length).toBeGreaterThan(150);
      }
      expect(answer.results.filter((r) => r.a.includes('<b>')).length).toBeGreaterThanOrEqual(9);
      expect(answer.results.some((r) => /&(#x27|quot|amp);/.test(r.a))).toBe(true);
      const script = dJsAnswer(answer, vqdFor(answer.query));
      expect(script).toContain("DDG.pageLayout.load('d',[{");
      expect(script).not.toContain('</b>'); // escaped as <\/b> inside the script, as DuckDuckGo does
    }
  });

  it('parse into every result for both tools, whose outputs are counted', async () => {
    const counts = await tokensOnDuckDuckGoAnswers(sim);
    expect(counts.map((c) => c.query)).toEqual(DUCKDUCKGO_ANSWERS.map((a) => a.query));
    for (const c of counts) {
      expect(c.ourResults).toBe(c.served);
      expect(c.langchainResults).toBe(c.served);
      expect(c.model).toContain(`[${c.served}] `);
      expect(c.model).not.toMatch(/<\/?b>|&#x27;|&amp;/);
      // LangChain's tool passes the snippets' markup through to the model.
      expect(c.langchain).toContain('<b>');
      expect(c.modelTokens).toBe(countTokens(c.model));
      expect(c.langchainTokens).toBe(countTokens(c.langchain));
      expect(c.modelTokens).toBeGreaterThan(100);
    }
    // Served answers are undone: the simulator's own d.js page is back.
    expect(sim.stats('duckduckgo.d.js').calls).toBe(0);
  });

  it('counts tokens with o200k_base', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(2);
  });
});
