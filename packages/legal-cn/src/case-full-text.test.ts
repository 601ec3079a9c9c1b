import { readPage } from '@agent-search/reader';
import { useMswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { civilJudgmentPage } from './__fixtures__/pages.ts';
import { serveSearch } from './__fixtures__/search-server.ts';
import { caseSearch } from './case.ts';

const server = useMswServer();

/** The judgment's page as the court site serves it: the document in lines, inside the site's chrome. */
function judgmentHtml(): string {
  const lines = civilJudgmentPage.text.split('\n').map((line) => `<div class="PDF_pox">${line}</div>`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${civilJudgmentPage.title}</title></head>
<body><div class="header"><a href="/">首页</a> <a href="/website/wenshu/index.html">裁判文书</a> <a href="/login">登录</a></div>
<div class="PDF_box"><div class="PDF_title">${civilJudgmentPage.title}</div>${lines.join('\n')}</div>
<div class="footer">中国裁判文书网 版权所有</div></body></html>`;
}

/** Serves the judgment page (and robots.txt) on the court site; counts the page reads. */
function serveCourtSite(status = 200) {
  const reads: string[] = [];
  const { origin, pathname } = new URL(civilJudgmentPage.url);
  server.use(
    http.get(`${origin}/robots.txt`, () => new HttpResponse('User-agent: *\nDisallow: /admin/\n')),
    http.get(`${origin}${pathname}`, ({ request }) => {
      reads.push(request.url);
      return status === 200 ? HttpResponse.html(judgmentHtml()) : new HttpResponse('gone', { status });
    }),
  );
  return reads;
}

describe('caseSearch with readPage', () => {
  it('reads the judgment page when the search gave only a snippet', async () => {
    const { client } = serveSearch(server, [civilJudgmentPage], { pageText: false });
    const [fromSnippet] = await caseSearch(client, { keyword: '民间借贷 上诉' });
    expect(fromSnippet?.verdict).toBeUndefined();

    const reads = serveCourtSite();
    const [full] = await caseSearch(client, { keyword: '民间借贷 上诉' }, { readPage });
    expect(reads).toEqual([civilJudgmentPage.url]);
    expect(full).toMatchObject({
      caseNumber: '（2023）京01民终1234号',
      court: '北京市第一中级人民法院',
      date: '2023-06-15',
      summary: '2021年4月1日，张某向李某借款20万元，约定于2022年4月1日前归还，借款到期后张某未归还。',
    });
    expect(full?.verdict).toContain('驳回上诉，维持原判。');
  });

  it('does not read pages the search already sent in full', async () => {
    const { client } = serveSearch(server, [civilJudgmentPage], { pageText: true });
    const reads = serveCourtSite();
    const [civil] = await caseSearch(client, { keyword: '民间借贷 上诉' }, { readPage });
    expect(reads).toEqual([]);
    expect(civil?.verdict).toContain('驳回上诉');
  });

  it('keeps the snippet result when the page cannot be read', async () => {
    const { client } = serveSearch(server, [civilJudgmentPage], { pageText: false });
    const reads = serveCourtSite(503);
    const [civil] = await caseSearch(client, { keyword: '民间借贷 上诉' }, { readPage });
    expect(reads).toHaveLength(1);
    expect(civil).toMatchObject({ caseNumber: '（2023）京01民终1234号', url: civilJudgmentPage.url });
    expect(civil?.verdict).toBeUndefined();
  });
});
