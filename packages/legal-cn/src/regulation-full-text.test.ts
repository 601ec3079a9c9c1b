import { readPage } from '@agent-search/reader';
import { useMswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { dataRegulationPage, type Page, propertyRegulationPage } from './__fixtures__/pages.ts';
import { serveSearch } from './__fixtures__/search-server.ts';
import { regulationSearch } from './regulation.ts';

const server = useMswServer();

/** The regulation's page as a government site serves it: the articles in paragraphs, inside the site's chrome. */
function regulationHtml(page: Page): string {
  const lines = page.text.split('\n').map((line) => `<p>${line}</p>`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${page.title}</title></head>
<body><div class="nav"><a href="/">首页</a> <a href="/zhengce/">政策</a> <a href="/search">搜索</a></div>
<div class="article"><h1>${page.title}</h1>${lines.join('\n')}</div>
<div class="footer">版权所有 网站标识码</div></body></html>`;
}

/** Serves `page` (and robots.txt) on its site; returns the page reads. */
function serveSite(page: Page, status = 200) {
  const reads: string[] = [];
  const { origin, pathname } = new URL(page.url);
  server.use(
    http.get(`${origin}/robots.txt`, () => new HttpResponse('User-agent: *\nDisallow: /admin/\n')),
    http.get(`${origin}${pathname}`, ({ request }) => {
      reads.push(request.url);
      return status === 200 ? HttpResponse.html(regulationHtml(page)) : new HttpResponse('gone', { status });
    }),
  );
  return reads;
}

const ARTICLE_12 =
  '第十二条 物业服务人不得采取停止供电、供水、供热、供燃气以及限制业主进出等方式催交物业费。业主逾期不交纳物业费的，物业服务人可以催告其在合理期限内支付；合理期限届满仍不支付的，物业服务人可以依照本条例第十一条公开的资料向人民法院提起诉讼或者申请仲裁。';

describe('regulationSearch with readPage', () => {
  it('reads the page when the search gave only a snippet, so "第X条" gets the article in full', async () => {
    const { client } = serveSearch(server, [propertyRegulationPage], { pageText: false });
    const [fromSnippet] = await regulationSearch(client, { lawName: '物业管理条例', article: '第十二条' });
    // A snippet (the page's opening) holds no article 12: law name and URL only.
    expect(fromSnippet).toMatchObject({ lawName: '某市物业管理条例', url: propertyRegulationPage.url });
    expect(fromSnippet?.content).toBeUndefined();

    const reads = serveSite(propertyRegulationPage);
    const [full] = await regulationSearch(
      client,
      { lawName: '物业管理条例', article: '第十二条' },
      { readPage },
    );
    expect(reads).toEqual([propertyRegulationPage.url]);
    expect(full).toEqual({
      lawName: '某市物业管理条例',
      articleNumber: 12,
      content: ARTICLE_12,
      effectiveDate: '2024-01-01',
      source: 'gov.cn',
      url: propertyRegulationPage.url,
      references: [{ lawName: '某市物业管理条例', articleNumber: 11, citation: '本条例第十一条' }],
    });
  });

  it('reads the page even when the snippet shows the heading: a snippet cuts the article short', async () => {
    // The snippet is the page's first 200 characters: they end inside the next heading, so the article
    // read from the snippet alone runs into a fragment of it.
    const { client } = serveSearch(server, [dataRegulationPage], { pageText: false });
    const [cut] = await regulationSearch(client, { lawName: '公共数据管理条例', article: 42 });
    expect(cut?.content).toMatch(/^第四十二条.*从其规定。 第四十$/);

    const reads = serveSite(dataRegulationPage);
    const [whole] = await regulationSearch(
      client,
      { lawName: '公共数据管理条例', article: 42 },
      { readPage },
    );
    expect(reads).toHaveLength(1);
    expect(whole?.content).toMatch(/^第四十二条【法律责任】违反本条例第十八条、第十九条规定，.*从其规定。$/);
  });

  it('reads nothing when the search sent the page text, or when no article is asked for', async () => {
    const withText = serveSearch(server, [propertyRegulationPage], { pageText: true });
    const reads = serveSite(propertyRegulationPage);
    const [result] = await regulationSearch(
      withText.client,
      { lawName: '物业管理条例', article: 12 },
      { readPage },
    );
    expect(result?.content).toBe(ARTICLE_12);
    const snippetOnly = serveSearch(server, [propertyRegulationPage], { pageText: false });
    const [law] = await regulationSearch(snippetOnly.client, { lawName: '物业管理条例' }, { readPage });
    expect(law?.lawName).toBe('某市物业管理条例');
    expect(reads).toEqual([]);
  });

  it('keeps the snippet result when the page cannot be read', async () => {
    const { client } = serveSearch(server, [propertyRegulationPage], { pageText: false });
    const reads = serveSite(propertyRegulationPage, 503);
    const [result] = await regulationSearch(client, { lawName: '物业管理条例', article: 12 }, { readPage });
    expect(reads).toHaveLength(1);
    expect(result).toMatchObject({ lawName: '某市物业管理条例', url: propertyRegulationPage.url });
    expect(result?.content).toBeUndefined();
  });
});
