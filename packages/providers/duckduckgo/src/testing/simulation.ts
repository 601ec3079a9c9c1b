import {
  CONTENT_TYPES,
  escapeHtml,
  htmlResponse,
  type KitSimulation,
  onRoute,
  type RequestLine,
  type SimulatedEndpointSpec,
  type SimulatedResponse,
  statusPage,
} from '@agent-search/testing/simulator';
import { createDuckDuckGoProvider } from '../provider.ts';
import { dJs, duckDuckGoHtmlPage, newsJs, vJs, vqdPage } from './pages.ts';

/**
 * How the provider simulator serves DuckDuckGo: the HTML endpoint (at the base URL, or html.duckduckgo.com's
 * `/html/`), and on DuckDuckGo's own hosts the vqd page, d.js, news.js and v.js, which the provider and
 * duck-duck-scrape call at fixed https URLs. Faults look as DuckDuckGo's do: nginx status pages, the bot
 * challenge (the anomaly page and d.js's anomaly block), d.js's `is506` body.
 */

const js = (status: number, body: string): SimulatedResponse => ({
  status,
  headers: { 'content-type': CONTENT_TYPES.js },
  body,
});
const json = (body: string): SimulatedResponse => ({
  status: 200,
  headers: { 'content-type': CONTENT_TYPES.json },
  body,
});

function anomalyPage(query: string): string {
  return `<!DOCTYPE html>
<html lang="en-US">
<head><meta http-equiv="content-type" content="text/html; charset=UTF-8"><title>DuckDuckGo</title></head>
<body>
<div class="anomaly-modal__mask">
  <div class="anomaly-modal__modal" data-testid="anomaly-modal">
    <div class="anomaly-modal__title">Unfortunately, bots use DuckDuckGo too.</div>
    <div class="anomaly-modal__description">Please complete the following challenge to confirm this search was made by a human.</div>
    <form id="challenge-form" action="//duckduckgo.com/anomaly.js?sv=html&amp;cc=sre&amp;q=${encodeURIComponent(escapeHtml(query))}" method="POST">
      <div class="anomaly-modal__images"></div>
      <button type="submit" class="btn anomaly-modal__submit">Submit</button>
    </form>
  </div>
</div>
</body>
</html>`;
}

/** Faults every DuckDuckGo endpoint shows alike; `undefined` leaves the endpoint's own. */
function commonFault(fault: string): SimulatedResponse | undefined {
  if (fault === 'rate_limited') return htmlResponse(statusPage(429, 'Too Many Requests'), 429);
  if (fault === 'server_error') return htmlResponse(statusPage(503, 'Service Temporarily Unavailable'), 503);
  return undefined;
}

const html: SimulatedEndpointSpec = {
  name: 'html',
  // At the base URL the provider is given, or at html.duckduckgo.com/html/.
  matches: onRoute('POST', '', '/html'),
  query: ({ body }) => new URLSearchParams(body).get('q') ?? '',
  answer: ({ query }, corpus) => htmlResponse(duckDuckGoHtmlPage(query, corpus.web)),
  fault: (fault, { query }) =>
    commonFault(fault) ??
    (fault === 'anomaly'
      ? htmlResponse(anomalyPage(query), 202)
      : fault === 'malformed'
        ? htmlResponse(
            '<!DOCTYPE html><html><head><title>DuckDuckGo</title></head><body><div id="links" class="results"><p>We are updating our service. Please try again.</p></div></body></html>',
          )
        : undefined),
};

const vqd: SimulatedEndpointSpec = {
  name: 'vqd',
  matches: (line: RequestLine) => line.method === 'GET' && line.path === '' && line.url.searchParams.has('q'),
  answer: ({ query }) => htmlResponse(vqdPage(query)),
  fault: (fault, { query }) =>
    commonFault(fault) ??
    (fault === 'anomaly'
      ? htmlResponse(anomalyPage(query))
      : fault === 'malformed'
        ? htmlResponse('<!DOCTYPE html><html><head><title>DuckDuckGo</title></head><body></body></html>')
        : undefined),
};

const djs: SimulatedEndpointSpec = {
  name: 'd.js',
  matches: onRoute('GET', '/d.js'),
  answer: ({ query }, corpus) => js(200, dJs(query, corpus.web)),
  fault: (fault, { query }) => {
    if (fault === 'server_error') {
      return js(
        503,
        "if(DDG.deep){DDG.deep.is506=1;DDG.deep.bn={ivc:0,ibc:0};}var dnd0=[];if (nrn) nrn('d',dnd0);",
      );
    }
    if (fault === 'anomaly') {
      return js(
        200,
        `DDG.deep.anomalyDetectionBlock({gk:'d4cd0dabcf4caa22ad92fab40844c786',q:'${encodeURIComponent(query)}',iadb:1,sc:1,e:0,p:'91-402-17-388-205-144-310-77-256',cc:'sre',o:'Vb2Qm8XkPz1nL4sRtY7uWc%2BhJd3KfA6gE9iO0pN5qM8%3D%0A',er:'',s:'index', r:'use'})`,
      );
    }
    return commonFault(fault);
  },
};

/** news.js and v.js: JSON, and nginx's 403 page for a blocked client. */
function jsonEndpoint(name: string, page: (query: string) => string): SimulatedEndpointSpec {
  return {
    name,
    matches: onRoute('GET', `/${name}`),
    answer: ({ query }) => json(page(query)),
    fault: (fault) =>
      commonFault(fault) ??
      (fault === 'anomaly' ? htmlResponse(statusPage(403, 'Forbidden'), 403) : undefined),
  };
}

export const simulation: KitSimulation = {
  hosts: ['duckduckgo.com', 'links.duckduckgo.com', 'html.duckduckgo.com'],
  endpoints: [html, vqd, djs, jsonEndpoint('news.js', newsJs), jsonEndpoint('v.js', vJs)],
  // Every backend: the simulator's fetch serves the fixed https URLs of the vqd page, d.js, news.js and v.js.
  create: (options) => createDuckDuckGoProvider(options),
};
