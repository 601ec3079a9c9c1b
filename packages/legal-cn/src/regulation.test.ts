import { useMswServer } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import {
  civilCodePage,
  dataRegulationPage,
  lawyerAnswerPage,
  propertyRegulationPage,
} from './__fixtures__/pages.ts';
import { serveSearch } from './__fixtures__/search-server.ts';
import { LEGAL_PROFILES } from './profiles.ts';
import { regulationSearch } from './regulation.ts';

const server = useMswServer();

describe('regulationSearch', () => {
  it('finds an article by law name and number, extracting its full text and effective date', async () => {
    const { client, sent } = serveSearch(server, [civilCodePage, lawyerAnswerPage]);
    const results = await regulationSearch(client, { lawName: '民法典', article: '第108条' });
    expect(sent).toEqual([
      {
        query: '民法典 第一百零八条',
        numResults: 5,
        includeDomains: [...LEGAL_PROFILES.regulation.includeDomains],
        contents: { highlights: { maxCharacters: 500 }, text: { maxCharacters: 20_000 } },
      },
    ]);
    expect(results[0]).toEqual({
      lawName: '中华人民共和国民法典',
      articleNumber: 108,
      content: '第一百零八条 非法人组织除适用本章规定外，参照适用本编第三章第一节的有关规定。',
      effectiveDate: '2021-01-01',
      source: 'flk.npc.gov.cn',
      url: civilCodePage.url,
      references: [],
    });
  });

  it('reads the page text, so an article far down a long page is found whole', async () => {
    const { client, sent } = serveSearch(server, [propertyRegulationPage]);
    const [result] = await regulationSearch(client, { lawName: '物业管理条例', article: '第十二条' });
    expect(sent[0]!.contents.text).toEqual({ maxCharacters: 20_000 });
    expect(result).toMatchObject({
      lawName: '某市物业管理条例',
      articleNumber: 12,
      effectiveDate: '2024-01-01',
      source: 'gov.cn',
      references: [{ lawName: '某市物业管理条例', articleNumber: 11, citation: '本条例第十一条' }],
    });
    expect(result!.content).toMatch(/^第十二条 物业服务人不得采取停止供电.*申请仲裁。$/);
  });

  it('without page text, an article past the snippet is not there: law name and URL only, nothing invented', async () => {
    const { client } = serveSearch(server, [propertyRegulationPage], { pageText: false });
    const [result] = await regulationSearch(client, { lawName: '物业管理条例', article: 12 });
    expect(result).toEqual({
      lawName: '某市物业管理条例',
      source: 'gov.cn',
      url: propertyRegulationPage.url,
      references: [],
    });
  });

  it('returns the opening of the page, not the whole law, when no article is asked for', async () => {
    // The page twice over: longer than the opening kept.
    const longPage = { ...propertyRegulationPage, text: propertyRegulationPage.text.repeat(2) };
    const { client } = serveSearch(server, [longPage]);
    const [result] = await regulationSearch(client, { lawName: '物业管理条例' });
    expect(result!.content).toMatch(/^某市物业管理条例 （2023年9月22日/);
    expect(result!.content!.length).toBeLessThanOrEqual(1_500);
    expect(result!.content!.endsWith('…')).toBe(true);
  });

  it('returns only what a page states: a page quoting the article in prose has no content', async () => {
    const { client } = serveSearch(server, [civilCodePage, lawyerAnswerPage]);
    const [, answer] = await regulationSearch(client, { lawName: '民法典', article: 108 });
    expect(answer).toEqual({ source: 'chinalawinfo.com', url: lawyerAnswerPage.url, references: [] });
  });

  it('cuts an article at the next article or chapter heading, and takes the last one to the end', async () => {
    const { client } = serveSearch(server, [civilCodePage]);
    const [first] = await regulationSearch(client, {
      lawName: '中华人民共和国民法典',
      article: '第一百零六条',
    });
    expect(first!.content).toBe(
      '第一百零六条 有下列情形之一的，非法人组织解散： （一）章程规定的存续期间届满或者章程规定的其他解散事由出现； （二）出资人或者设立人决定解散； （三）法律规定的其他情形。',
    );
    const [last] = await regulationSearch(client, { lawName: '民法典', article: 110 });
    expect(last!.content).toMatch(/^第一百一十条 自然人享有生命权.*等权利。$/);
    const [missing] = await regulationSearch(client, { lawName: '民法典', article: 1165 });
    expect(missing).not.toHaveProperty('content');
    expect(missing).not.toHaveProperty('articleNumber');
    expect(missing!.lawName).toBe('中华人民共和国民法典');
  });

  it('lists the articles an article cites, in this and other laws', async () => {
    const { client } = serveSearch(server, [dataRegulationPage]);
    const [result] = await regulationSearch(client, { lawName: '公共数据管理条例', article: '第四十二条' });
    expect(result).toMatchObject({
      lawName: '某市公共数据管理条例',
      articleNumber: 42,
      effectiveDate: '2023-03-01',
      source: 'pkulaw.com',
    });
    expect(result!.content).toMatch(/^第四十二条【法律责任】违反本条例第十八条.*从其规定。$/);
    expect(result!.references).toEqual([
      { lawName: '某市公共数据管理条例', articleNumber: 18, citation: '本条例第十八条' },
      { lawName: '某市公共数据管理条例', articleNumber: 19, citation: '本条例第十九条' },
      {
        lawName: '中华人民共和国数据安全法',
        articleNumber: 45,
        citation: '《中华人民共和国数据安全法》第四十五条',
      },
      {
        lawName: '中华人民共和国个人信息保护法',
        articleNumber: 66,
        citation: '《中华人民共和国个人信息保护法》第六十六条',
      },
      { lawName: '某市公共数据管理条例', articleNumber: 41, citation: '本条例第四十一条' },
    ]);
  });

  it('searches by law name alone, returning the page text as content', async () => {
    const { client, sent } = serveSearch(server, [civilCodePage]);
    const [result] = await regulationSearch(client, { lawName: '民法典', maxResults: 3 });
    expect(sent[0]).toMatchObject({ query: '民法典', numResults: 3 });
    expect(result).not.toHaveProperty('articleNumber');
    expect(result!.content).toMatch(/^中华人民共和国民法典 制定机关/);
    expect(result!.effectiveDate).toBe('2021-01-01');
  });

  it('rejects bad input before searching', async () => {
    const { client, sent } = serveSearch(server, [civilCodePage]);
    await expect(regulationSearch(client, { lawName: '  ' })).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'lawName: lawName is empty: name the law',
    });
    await expect(regulationSearch(client, { lawName: '民法典', article: '第X条' })).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('is not an article number'),
    });
    await expect(regulationSearch(client, {} as never)).rejects.toMatchObject({ code: 'invalid_request' });
    expect(sent).toEqual([]);
  });
});
