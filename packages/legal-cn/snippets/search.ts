import { createSearchClient } from '@agent-search/core';
import { caseSearch, regulationSearch, withLegalProfiles } from '@agent-search/legal-cn';
import { createExaProvider } from '@agent-search/provider-exa';
import { createTavilyProvider } from '@agent-search/provider-tavily';

// The client must know the legal profiles; the searches throw a TypeError saying so otherwise.
const client = createSearchClient({
  providers: [
    createExaProvider({ apiKey: process.env.EXA_API_KEY }),
    createTavilyProvider({ apiKey: process.env.TAVILY_API_KEY }),
  ],
  profiles: withLegalProfiles(),
});

const [article] = await regulationSearch(client, { lawName: '民法典', article: '第一百零八条' });
// { lawName: '中华人民共和国民法典', articleNumber: 108,
//   content: '第一百零八条 非法人组织除适用本章规定外，参照适用本编第三章第一节的有关规定。',
//   effectiveDate: '2021-01-01', source: 'flk.npc.gov.cn', url: '…', references: [] }
console.log(article?.lawName, article?.articleNumber, article?.url);

const cases = await caseSearch(client, { keyword: '民间借贷 二审', caseType: '民事' });
// [{ caseNumber: '（2023）京01民终1234号', court: '北京市第一中级人民法院', date: '2023-06-15',
//    caseType: '民事', caseName, summary, verdict, url }, …]
for (const { caseNumber, court, url } of cases) console.log(caseNumber, court, url);
