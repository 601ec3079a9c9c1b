import {
  escapeHtml,
  hostOf,
  NEWS_ENTRIES,
  type NewsEntry,
  stableDigits,
  VIDEO_ENTRIES,
  type VideoEntry,
  WEB_ENTRIES,
  type WebEntry,
} from '@agent-search/testing/simulator';

/**
 * DuckDuckGo's pages as the provider simulator and the tests serve them, shaped like the real ones
 * (the same shapes as the replay fixtures): the HTML endpoint's page, the vqd page, d.js, news.js and v.js.
 */

/** What DuckDuckGo's web pages show of a `WebEntry`: tests may pass just these fields. */
export type DuckDuckGoWebEntry = Pick<WebEntry, 'title' | 'url' | 'snippet' | 'publishedAt'>;

/** Escaped text with the query's words in `<b>`, as DuckDuckGo (Bing) highlights them. */
export function highlight(text: string, query: string): string {
  const words = [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [])].slice(0, 8);
  const escaped = escapeHtml(text);
  if (words.length === 0) return escaped;
  const pattern = new RegExp(
    `\\b(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`,
    'giu',
  );
  return escaped.replace(pattern, '<b>$1</b>');
}

/** A stable vqd token for a query: "4-" and digits derived from it. */
export function vqdFor(query: string): string {
  return `4-${stableDigits(query)}`;
}

function bingTime(iso: string | undefined): string | undefined {
  // Bing's stamps: local-looking time with seven fractional digits and no zone.
  return iso ? `${iso.slice(0, 19)}.0000000` : undefined;
}

/** `duckduckgo.com/?q=..`: the page whose inline script holds the vqd token d.js, news.js and v.js need. */
export function vqdPage(query: string): string {
  const encoded = encodeURIComponent(query);
  const vqd = vqdFor(query);
  return `<!DOCTYPE html><html lang="en-US" class="no-js has-zcm no-theme"><head><meta name="description" content="DuckDuckGo. Privacy, Simplified."><meta http-equiv="content-type" content="text/html; charset=utf-8"><title>${escapeHtml(query)} at DuckDuckGo</title><link rel="preconnect" href="https://links.duckduckgo.com"><script type="text/javascript">var ct,fd,fq,it,iqa,locale,settings_js_version='s2955.js',rpl=1;fq=0;fd=1;it=0;dl='en';ct='US';rq='${encoded}';rqd="${escapeHtml(query)}";rfq=0;rt='D';rds=30;rs=0;locale='en_US';rl='wt-wt';df='';ds='';vqd='${vqd}';safe_ddg=0;window.didNotLoadScripts=[];</script><script src="/dist/b.min.js"></script><script>window.Bootstrap.hostRegion="use";if(!window.Bootstrap.shouldDeferDeep()){window.deepPreloader=new window.Bootstrap.DeepPreloader();window.deepPreloader.fetch("/d.js?q=${encoded}&kl=wt-wt&l=wt-wt&s=0&dl=en&ct=US&vqd=${vqd}&bing_market=en-US&p_ent=&ex=-1&sp=1",window.Bootstrap.TIMEOUT_PRELOADED_DEEP_REQUEST);}</script></head><body class="body--serp"><div id="header_wrapper"></div><div id="links_wrapper"></div></body></html>`;
}

// Lone surrogates (which fuzzed entries may hold) cannot be percent-encoded; a page would show U+FFFD.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function redirectLink(url: string, index: number): string {
  const rut = (vqdFor(url) + String(index)).replace(/\D/g, '').padEnd(64, 'a').slice(0, 64);
  return `//duckduckgo.com/l/?uddg=${encodeURIComponent(url.replace(LONE_SURROGATE, '\uFFFD'))}&amp;rut=${rut}`;
}

function htmlResult(entry: DuckDuckGoWebEntry, query: string, index: number): string {
  const link = redirectLink(entry.url, index);
  const display = entry.url.replace(/^https?:\/\//, '');
  const stamp = entry.publishedAt
    ? `\n          <span>&nbsp; &nbsp; ${bingTime(entry.publishedAt)}</span>`
    : '';
  return `
  <div class="result results_links results_links_deep web-result ">
    <div class="links_main links_deep result__body"> <!-- This is the visible part -->
      <h2 class="result__title">
        <a rel="nofollow" class="result__a" href="${link}">${highlight(entry.title, query)}</a>
      </h2>
      <div class="result__extras">
        <div class="result__extras__url">
          <span class="result__icon">
            <a rel="nofollow" href="${link}">
              <img class="result__icon__img" width="16" height="16" alt="" src="//external-content.duckduckgo.com/ip3/${hostOf(entry.url)}.ico" name="i15" />
            </a>
          </span>
          <a class="result__url" href="${link}">
            ${escapeHtml(display)}
          </a>${stamp}
        </div>
      </div>
      <a class="result__snippet" href="${link}">${highlight(entry.snippet, query)}</a>
      <div class="clear"></div>
    </div>
  </div>`;
}

/** `POST html.duckduckgo.com/html/`: the no-JavaScript results page (an ad first, then the results). */
export function duckDuckGoHtmlPage(
  query: string,
  entries: readonly DuckDuckGoWebEntry[] = WEB_ENTRIES,
): string {
  const q = escapeHtml(query);
  const body =
    entries.length === 0
      ? '\n    <div class="result result--no-result">\n    <div class="no-results">No  results.</div>\n    </div>'
      : `
  <div class="result results_links results_links_deep result--ad result--ad--small">
    <div class="links_main links_deep result__body">
      <h2 class="result__title">
        <a rel="nofollow" class="result__a" href="https://duckduckgo.com/y.js?ad_domain=heatpumpdeals.example&amp;ad_provider=bingv7aa&amp;ad_type=txad">Heat Pumps on Sale - Free Installation Quote</a>
      </h2>
      <a class="result__snippet" href="https://duckduckgo.com/y.js?ad_domain=heatpumpdeals.example&amp;ad_provider=bingv7aa">Compare cold-climate models and rebates near you.</a>
    </div>
  </div>${entries.map((entry, i) => htmlResult(entry, query, i)).join('')}
  <div class="nav-link">
    <form action="/html/" method="post">
      <input type="submit" class="btn btn--alt" value="Next" />
      <input type="hidden" name="q" value="${q}" />
      <input type="hidden" name="s" value="${entries.length}" />
      <input type="hidden" name="dc" value="${entries.length + 1}" />
      <input type="hidden" name="v" value="l" />
      <input type="hidden" name="o" value="json" />
      <input type="hidden" name="api" value="d.js" />
    </form>
  </div>`;
  return `<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<html xmlns="http://www.w3.org/1999/xhtml">
<head>
  <meta http-equiv="content-type" content="text/html; charset=UTF-8">
  <meta name="robots" content="noindex, nofollow" />
  <title>${q} at DuckDuckGo</title>
  <link rel="stylesheet" href="//duckduckgo.com/dist/h.9f6c1d2b3a4e5f607182.css" type="text/css"/>
</head>
<body>
<div class="header url">
  <form name="x" class="header__form" action="/html/" method="post">
    <div class="search search--header">
      <input name="q" autocomplete="off" class="search__input" id="search_form_input_homepage" type="text" value="${q}" />
      <input name="b" id="search_button_homepage" class="search__button search__button--html" value="" title="Search" alt="Search" type="submit" />
    </div>
  </form>
</div>
<div>
<div class="serp__results">
<div id="links" class="results">${body}
</div>
</div>
</div>
</body>
</html>
`;
}

// d.js escapes "</" as "<\/" inside its JSON, like a script-embedded JSON literal must.
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/<\//g, '<\\/');
}

/** `links.duckduckgo.com/d.js`: web results inside `DDG.pageLayout.load('d', [...])`, then the next-page marker. */
export function dJs(query: string, entries: readonly DuckDuckGoWebEntry[] = WEB_ENTRIES): string {
  const vqd = vqdFor(query);
  const encoded = encodeURIComponent(query);
  const items: Record<string, unknown>[] =
    entries.length === 0
      ? [
          {
            a: '',
            ae: null,
            c: `http://www.google.com/search?hl=en&q=${encoded}`,
            d: 'google.com search',
            h: 0,
            i: 'www.google.com',
            k: '',
            m: 0,
            o: 0,
            p: '',
            t: 'EOF',
            u: `http://www.google.com/search?hl=en&q=${encoded}`,
          },
        ]
      : entries.map((entry) => {
          const item: Record<string, unknown> = {
            a: highlight(entry.snippet, query),
            ae: null,
            c: entry.url,
            d: entry.url.replace(/^https?:\/\//, ''),
            da: '',
            h: 0,
            i: hostOf(entry.url),
            k: null,
            m: 0,
            o: 0,
            p: 1,
            s: 'bingv7aa',
            t: highlight(entry.title, query),
            u: entry.url,
          };
          if (entry.publishedAt) item.e = bingTime(entry.publishedAt);
          return item;
        });
  if (entries.length > 0) {
    items.push({
      n: `/d.js?q=${encoded}&t=D&l=wt-wt&p=1&s=${entries.length}&ex=-1&dl=en&ct=US&sp=1&vqd=${vqd}&bing_market=en-US`,
    });
  }
  const languages = scriptJson({ en: entries.map((e) => e.url) });
  return `window.execDeep = function() {if (DDG.deep && DDG.deep.setUpstream) DDG.deep.setUpstream("bingv7aa");DDG.deep.bn={'ivc':1};DDG.deep.signalSummary = "";DDG.inject('DDG.Data.languages.resultLanguages', ${languages});DDG.deep.pageLayoutSummary = "w${entries.length}";DDG.inject('DDG.Data.languages.adLanguages', {});if (DDG.pageLayout) DDG.pageLayout.load('d',${scriptJson(items)});DDG.duckbar.load('images');DDG.duckbar.load('news');DDG.duckbar.load('videos');DDG.duckbar.loadModule('related_searches');DDG.duckbar.load('products');if (DDG.pageLayout) DDG.pageLayout.initialize({"maxResults":${entries.length}}, { start: 0 });DDG.deep.emit("load:completed");};`;
}

/** `duckduckgo.com/news.js?o=json`. */
export function newsJs(query: string, entries: readonly NewsEntry[] = NEWS_ENTRIES): string {
  const vqd = vqdFor(query);
  const encoded = encodeURIComponent(query);
  const now = Date.now();
  const results = entries.map((entry) => {
    const date = Math.floor(Date.parse(entry.publishedAt) / 1000);
    const days = Math.max(0, Math.round((now / 1000 - date) / 86_400));
    const item: Record<string, unknown> = {
      date,
      excerpt: highlight(entry.excerpt, query),
      relative_time: days === 0 ? 'today' : `${days} day${days === 1 ? '' : 's'} ago`,
      source: entry.source,
      syndicate: 'Bing',
      title: escapeHtml(entry.title),
      url: entry.url,
      use_relevancy: 0,
    };
    if (entry.image) item.image = entry.image;
    if (days > 30) item.is_old = 1;
    return item;
  });
  return JSON.stringify({
    ads: [],
    next: `news.js?q=${encoded}&o=json&noamp=1&l=wt-wt&s=30&vqd=${vqd}&p=-1&df=`,
    query,
    queryEncoded: encoded,
    response_type: 'places',
    results,
    vqd: { [encoded]: vqd },
  });
}

/** `duckduckgo.com/v.js?o=json`. */
export function vJs(query: string, entries: readonly VideoEntry[] = VIDEO_ENTRIES): string {
  const vqd = vqdFor(query);
  const encoded = encodeURIComponent(query);
  const results = entries.map((entry) => {
    const id = URL.canParse(entry.url) ? (new URL(entry.url).searchParams.get('v') ?? 'x') : 'x';
    const thumb = `https://tse1.mm.bing.net/th?id=OVP.${id}&pid=Api`;
    return {
      content: entry.url,
      description: highlight(entry.description, query),
      duration: entry.duration,
      embed_html: `<iframe width="1280" height="720" src="https://www.youtube.com/embed/${id}?autoplay=1" frameborder="0" allowfullscreen></iframe>`,
      embed_url: `https://www.youtube.com/embed/${id}?autoplay=1`,
      image_token: vqdFor(entry.url).replace(/\D/g, '').padEnd(64, 'f').slice(0, 64),
      images: { large: thumb, medium: thumb, motion: '', small: thumb },
      provider: 'Bing',
      published: entry.publishedAt,
      publisher: 'YouTube',
      statistics: { viewCount: entry.viewCount },
      title: escapeHtml(entry.title),
      uploader: entry.uploader,
    };
  });
  return JSON.stringify({
    ads: [],
    next: `v.js?q=${encoded}&o=json&l=wt-wt&s=60&vqd=${vqd}&p=-1&f=,,,`,
    query,
    queryEncoded: encoded,
    response_type: 'places',
    results,
    vqd: { [encoded]: vqd },
  });
}
