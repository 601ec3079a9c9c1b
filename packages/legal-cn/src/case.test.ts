import { useMswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  civilJudgmentPage,
  criminalJudgmentPage,
  newsReportPage,
  practicePage,
} from './__fixtures__/pages.ts';
import { EXA_SEARCH, serveSearch } from './__fixtures__/search-server.ts';
import { caseSearch, extractCase } from './case.ts';
import { LEGAL_PROFILES } from './profiles.ts';

const server = useMswServer();
const pages = [civilJudgmentPage, criminalJudgmentPage, newsReportPage, practicePage];

describe('caseSearch', () => {
  it('extracts case number, name, court, date, type, facts and verdict from a civil judgment', async () => {
    const { client, sent } = serveSearch(server, pages);
    const [civil] = await caseSearch(client, { keyword: '民间借贷 上诉' });
    expect(sent).toEqual([
      {
        query: '民间借贷 上诉',
        numResults: 5,
        includeDomains: [...LEGAL_PROFILES.case.includeDomains],
        contents: { highlights: { maxCharacters: 500 }, text: { maxCharacters: 20_000 } },
      },
    ]);
    expect(civil).toEqual({
      caseNumber: '（2023）京01民终1234号',
      caseName: '张某、李某民间借贷纠纷民事二审民事判决书',
      court: '北京市第一中级人民法院',
      date: '2023-06-15',
      caseType: '民事',
      summary: '2021年4月1日，张某向李某借款20万元，约定于2022年4月1日前归还，借款到期后张某未归还。',
      verdict: '驳回上诉，维持原判。 二审案件受理费4300元，由张某负担。',
      url: civilJudgmentPage.url,
    });
  });

  it('reads a criminal judgment whose heading runs into the text', async () => {
    const { client } = serveSearch(server, pages);
    const [, criminal] = await caseSearch(client, { keyword: '盗窃 电动自行车' });
    expect(criminal).toEqual({
      caseNumber: '（2022）浙0106刑初789号',
      caseName: '刘某某盗窃一审刑事判决书',
      court: '浙江省杭州市西湖区人民法院',
      date: '2022-11-03',
      caseType: '刑事',
      summary: '2022年5月至6月间，被告人刘某某在杭州市西湖区多次盗窃电动自行车三辆，价值共计人民币8600元。',
      verdict:
        '一、被告人刘某某犯盗窃罪，判处有期徒刑一年，并处罚金人民币五千元。二、责令被告人刘某某退赔被害人经济损失。',
      url: criminalJudgmentPage.url,
    });
  });

  it('gives partial results for pages that only mention a case, or none', async () => {
    const { client } = serveSearch(server, pages);
    const [, , news, practice] = await caseSearch(client, { keyword: '行政处罚 听取陈述' });
    expect(news).toEqual({
      caseNumber: '（2021）最高法行申4567号',
      court: '最高人民法院',
      caseType: '行政',
      summary: newsReportPage.text,
      url: newsReportPage.url,
    });
    expect(practice).toEqual({ summary: practicePage.text, url: practicePage.url });
  });

  it('filters by case type, keeping results whose type is unknown', async () => {
    const { client, sent } = serveSearch(server, pages);
    const cases = await caseSearch(client, { keyword: '民间借贷', caseType: '民事', maxResults: 4 });
    expect(sent[0]).toMatchObject({ query: '民间借贷 民事', numResults: 4 });
    expect(cases.map((c) => c.url)).toEqual([civilJudgmentPage.url, practicePage.url]);
    const criminal = await caseSearch(client, { keyword: '刑事 盗窃', caseType: '刑事' });
    expect(sent[1]!.query).toBe('刑事 盗窃');
    expect(criminal.map((c) => c.caseType)).toEqual(['刑事', undefined]);
  });

  it('rejects bad input and passes search errors through', async () => {
    const { client } = serveSearch(server, pages);
    await expect(caseSearch(client, { keyword: '借贷', caseType: '海事' as never })).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/^caseType: /),
    });
    server.use(http.post(EXA_SEARCH, () => new HttpResponse(null, { status: 503 })));
    await expect(caseSearch(client, { keyword: '借贷' })).rejects.toMatchObject({ code: 'unavailable' });
  });
});

describe('extractCase', () => {
  const base = {
    title: '',
    url: 'https://wenshu.court.gov.cn/x',
    source: 'wenshu.court.gov.cn',
    provider: 'x',
  };

  it('reads case numbers with either parentheses and derives the type from the code', () => {
    const types = [
      ['(2020)沪0115民初12345号', '民事'],
      ['（2019）粤03刑终456号', '刑事'],
      ['（2021）京73行初88号', '行政'],
      ['（2022）苏05执异321号', '执行'],
      ['（2020）最高法委赔监12号', '国家赔偿'],
    ] as const;
    for (const [number, type] of types) {
      const found = extractCase({ ...base, snippet: `案号：${number}` });
      expect(found.caseNumber).toBe(number.replace('(', '（').replace(')', '）'));
      expect(found.caseType).toBe(type);
    }
    expect(extractCase({ ...base, snippet: '（2023）第12号公告' }).caseNumber).toBeUndefined();
  });

  it('takes the labelled judgment date, and never an event date from the body', () => {
    expect(
      extractCase({ ...base, snippet: '裁判日期：2023-06-15 审理法院：上海市浦东新区人民法院' }),
    ).toMatchObject({
      date: '2023-06-15',
      court: '上海市浦东新区人民法院',
    });
    expect(extractCase({ ...base, snippet: '2021年4月1日，张某向李某借款。' }).date).toBeUndefined();
  });
});

describe('verdict extraction', () => {
  it('keeps verdict items that mention 本判决, stopping at the appeal notice', () => {
    const found = extractCase({
      title: '张某与某公司买卖合同纠纷一审民事判决书',
      url: 'https://wenshu.court.gov.cn/doc/1',
      snippet:
        '北京市朝阳区人民法院 （2023）京0105民初456号 判决如下：一、被告某公司于本判决生效之日起十日内支付原告货款五万元；二、驳回原告其他诉讼请求。如不服本判决，可在判决书送达之日起十五日内提起上诉。',
      source: 'wenshu.court.gov.cn',
      provider: 'test',
    });
    expect(found.verdict).toBe(
      '一、被告某公司于本判决生效之日起十日内支付原告货款五万元；二、驳回原告其他诉讼请求。',
    );
  });
});
