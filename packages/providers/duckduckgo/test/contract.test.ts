import { readdirSync, readFileSync } from 'node:fs';
import { searchRequest, useMswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createDuckDuckGoProvider } from '../src/index.ts';
import { fixture, recordRequests, URLS, vqdPage } from './handlers.ts';

// The shapes we depend on, pinned: fixtures written to look like DuckDuckGo's answers (the d.js script
// with its ads call, duckbar payloads and trailing next-page entry; news.js and v.js JSON with `ads`,
// `next` and `vqd`), replayed as DuckDuckGo serves them, read field by field. And the exact query strings
// sent, the ones DuckDuckGo's front end sends.

const server = useMswServer();
const requests = recordRequests(server);
const TOKEN = '4-171904623375120688813593926408411622451';

const JS = { 'content-type': 'application/x-javascript; charset=UTF-8' };
const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };

const search = (mode: 'text' | 'news' | 'videos', overrides = {}) =>
  createDuckDuckGoProvider({ textBackends: ['djs'] }).search(
    searchRequest({ query: 'heat pump cold climate', mode, ...overrides }),
    { signal: AbortSignal.timeout(5_000) },
  );

const sent = (endpoint: string) => {
  const request = requests.find((r) => r.url.startsWith(endpoint));
  return [...new URL(request!.url).searchParams];
};

describe('d.js', () => {
  it('reads every web result, field by field, and nothing from the ads, duckbar or next-page entries', async () => {
    server.use(
      vqdPage(),
      http.get(URLS.djs, () => new HttpResponse(fixture('contract-d.js'), { headers: JS })),
    );
    const { results } = await search('text');
    expect(results).toEqual([
      {
        title: '<b>Heat</b> <b>Pump</b> Systems | Department of Energy',
        url: 'https://www.energy.gov/energysaver/heat-pump-systems',
        snippet:
          '<b>Heat</b> <b>pumps</b> offer an energy-efficient alternative to furnaces and air conditioners for all climates. Like your refrigerator, <b>heat</b> <b>pumps</b> use electricity to transfer <b>heat</b> from a cool space to a warm space.',
        source: 'www.energy.gov',
      },
      {
        title: 'Cold Climate Air Source Heat Pump List | NEEP',
        url: 'https://neep.org/heating-electrification/ccashp-specification-product-list',
        snippet:
          'The NEEP list of <b>cold</b>-<b>climate</b> air-source <b>heat</b> <b>pumps</b> (ccASHP) &mdash; models that keep their rated capacity at 5&#x27;F. Search &quot;by model&quot; or [brand].',
        source: 'neep.org',
      },
      {
        title: 'r/heatpumps on Reddit: Cold climate experience after two winters',
        url: 'https://www.reddit.com/r/heatpumps/comments/1b2c3d4/cold_climate_experience/',
        snippet:
          'Do <b>heat</b> <b>pumps</b> work below zero? Owners in Maine report the script ended with "]);" jokes aside, yes &ndash; down to -15&deg;F.',
        source: 'www.reddit.com',
      },
    ]);
  });

  it.each([
    [
      'moderate',
      [
        ['q', 'heat pump cold climate'],
        ['t', 'D'],
        ['l', 'us-en'],
        ['kl', 'us-en'],
        ['s', '0'],
        ['dl', 'en'],
        ['ct', 'US'],
        ['bing_market', 'en-US'],
        ['df', 'w'],
        ['vqd', TOKEN],
        ['ex', '-1'],
        ['sp', '1'],
        ['bpa', '1'],
        ['biaexp', 'b'],
        ['msvrtexp', 'b'],
        ['nadse', 'b'],
        ['eclsexp', 'b'],
        ['tjsexp', 'b'],
      ],
    ],
    [
      'strict',
      [
        ['q', 'heat pump cold climate'],
        ['l', 'us-en'],
        ['p', '1'],
        ['kl', 'us-en'],
        ['s', '0'],
        ['dl', 'en'],
        ['ct', 'US'],
        ['bing_market', 'en-US'],
        ['df', 'w'],
        ['vqd', TOKEN],
        ['sp', '1'],
        ['bpa', '1'],
        ['biaexp', 'b'],
        ['msvrtexp', 'b'],
        ['videxp', 'a'],
        ['nadse', 'b'],
        ['eclsexp', 'a'],
        ['stiaexp', 'a'],
        ['tjsexp', 'b'],
        ['related', 'b'],
        ['msnexp', 'a'],
      ],
    ],
  ] as const)('sends the front end’s query string (safe search %s)', async (safeSearch, expected) => {
    server.use(
      vqdPage(),
      http.get(URLS.djs, () => new HttpResponse(fixture('contract-d.js'), { headers: JS })),
    );
    await search('text', { safeSearch, region: 'us-en', timeRange: 'w' });
    expect(sent(URLS.djs)).toEqual(expected);
    expect(sent(URLS.vqd)).toEqual([
      ['q', 'heat pump cold climate'],
      ['ia', 'web'],
    ]);
  });

  it('without a time range or region: df=a (any time) and wt-wt', async () => {
    server.use(
      vqdPage(),
      http.get(URLS.djs, () => new HttpResponse(fixture('contract-d.js'), { headers: JS })),
    );
    await search('text', { safeSearch: 'off' });
    const params = new Map(sent(URLS.djs));
    expect([params.get('df'), params.get('l'), params.get('kl'), params.get('ex')]).toEqual([
      'a',
      'wt-wt',
      'wt-wt',
      '-2',
    ]);
  });
});

describe('news.js', () => {
  it('reads every article, field by field', async () => {
    server.use(
      vqdPage(),
      http.get(URLS.news, () => new HttpResponse(fixture('contract-news.js.json'), { headers: JSON_TYPE })),
    );
    const { results } = await search('news', { safeSearch: 'off', timeRange: 'd', region: 'us-en' });
    expect(results).toEqual([
      {
        title: 'Minnesota expands heat pump rebates',
        url: 'https://www.startribune.com/heat-pump-rebates/601234567',
        snippet:
          'Utilities in Minnesota expand rebates for <b>cold</b>-<b>climate</b> <b>heat</b> <b>pumps</b> &amp; ground-source systems.',
        publishedAt: 1767016800,
        thumbnail: 'https://news.example.com/mn-rebates.jpg',
      },
      {
        title: 'Heat pumps held up in Canada&#x27;s cold snap, study finds',
        url: 'https://www.cbc.ca/news/science/heat-pump-study-1.7401234',
        snippet: 'A field study of 40 homes found <b>heat</b> <b>pumps</b> kept up at &minus;25&deg;C.',
        publishedAt: 1766239200,
      },
      {
        title: 'What installers learned from the polar vortex',
        url: 'https://www.canarymedia.com/articles/heat-pumps/polar-vortex-lessons',
        snippet: 'Last winter&#x27;s lessons for installers.',
        publishedAt: 1735689600,
        thumbnail: 'https://news.example.com/installers.jpg',
      },
    ]);
    expect(sent(URLS.news)).toEqual([
      ['l', 'us-en'],
      ['o', 'json'],
      ['noamp', '1'],
      ['q', 'heat pump cold climate'],
      ['vqd', TOKEN],
      ['p', '-2'],
      ['df', 'd'],
      ['s', '0'],
    ]);
  });
});

describe('v.js', () => {
  it('reads every video, field by field', async () => {
    server.use(
      vqdPage(),
      http.get(URLS.videos, () => new HttpResponse(fixture('contract-v.js.json'), { headers: JSON_TYPE })),
    );
    const { results } = await search('videos', { safeSearch: 'moderate', timeRange: 'y' });
    expect(results).toEqual([
      {
        title: 'Cold Climate Heat Pump: One Winter of Data',
        url: 'https://www.youtube.com/watch?v=hPcCl1m4te0',
        snippet:
          'We ran a <b>cold</b> <b>climate</b> <b>heat</b> <b>pump</b> through a Vermont winter &amp; logged every kWh.',
        publishedAt: '2024-02-20T14:05:09.0000000Z',
        duration: '18:42',
        publisher: 'Technology Connections',
        thumbnail: 'https://tse3.mm.bing.net/th?id=OVP.hPcCl1m4te0LargeImage&pid=Api',
        viewCount: 98211,
      },
      {
        title: 'Sizing Heat Pumps for Cold Climates',
        url: 'https://vimeo.com/912345678',
        snippet: 'Installer training: sizing <b>heat</b> <b>pumps</b> for design temperatures below 0&deg;F.',
        publishedAt: '2023-11-02T09:00:00.0000000Z',
        duration: '42:10',
        // No uploader: the platform. No large image: the medium one. A null view count: none.
        publisher: 'Vimeo',
        thumbnail: 'https://i.vimeocdn.com/video/1800000000-heatpump_640',
      },
    ]);
    expect(sent(URLS.videos)).toEqual([
      ['l', 'wt-wt'],
      ['o', 'json'],
      ['q', 'heat pump cold climate'],
      ['vqd', TOKEN],
      ['p', '-1'],
      ['f', 'publishedAfter:y,,,'],
      ['s', '0'],
    ]);
  });
});

describe('nothing else in the process is touched', () => {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const sourceDir = new URL('../src/', import.meta.url);
  const sources = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => readFileSync(new URL(name, sourceDir), 'utf8'));

  it('depends on neither duck-duck-scrape nor needle', () => {
    const dependencies = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
    expect(dependencies).not.toContain('duck-duck-scrape');
    expect(dependencies).not.toContain('needle');
  });

  it('loads no CommonJS module and writes to no module cache', () => {
    for (const source of sources) expect(source).not.toMatch(/createRequire|require\.cache|require\(/);
  });
});
