import { CONTENT_TYPES, type SimulatedEndpoint, type SimulatedResponse } from './endpoints.ts';
import { escapeHtml } from './payloads.ts';

/**
 * What can go wrong upstream:
 * - `rate_limited`: HTTP 429 with the API's error body.
 * - `anomaly`: DuckDuckGo's bot challenge (HTML: 202 and the challenge page; d.js: the anomaly block;
 *   vqd page: a page without a token; news/videos: 403). Tavily and Exa: a WAF's 403 page.
 * - `server_error`: HTTP 503 with the endpoint's error body (d.js: DuckDuckGo's `is506` body).
 * - `hang`: the request is read and never answered.
 * - `reset`: the connection is reset (TCP RST) instead of an answer.
 * - `malformed`: HTTP 200 with a body that is not what the endpoint sends (truncated JSON, markup without
 *   results, a vqd page without a token).
 */
export const SIMULATOR_FAULTS = [
  'rate_limited',
  'anomaly',
  'server_error',
  'hang',
  'reset',
  'malformed',
] as const;
export type SimulatorFault = (typeof SIMULATOR_FAULTS)[number];

const html = (status: number, body: string): SimulatedResponse => ({
  status,
  headers: { 'content-type': CONTENT_TYPES.html },
  body,
});
const json = (status: number, value: unknown): SimulatedResponse => ({
  status,
  headers: { 'content-type': CONTENT_TYPES.json },
  body: JSON.stringify(value),
});

const STATUS_PAGE = (status: number, text: string) =>
  `<html>\r\n<head><title>${status} ${text}</title></head>\r\n<body>\r\n<center><h1>${status} ${text}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

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

const WAF_PAGE =
  '<!DOCTYPE html><html><head><title>Attention Required!</title></head><body><h1>Sorry, you have been blocked</h1><p>This website is using a security service to protect itself from online attacks.</p></body></html>';

const TAVILY_ERRORS = {
  429: { detail: { error: 'Your request has been blocked due to excessive requests. Please slow down.' } },
  503: { detail: { error: 'Service Unavailable' } },
};

const EXA_ERRORS = {
  429: {
    requestId: '7d2e1f0c9b8a4c3d2e1f0a9b8c7d6e5f',
    error: 'Rate limit exceeded. Please slow down your requests.',
    tag: 'RATE_LIMIT_EXCEEDED',
  },
  503: {
    requestId: '7d2e1f0c9b8a4c3d2e1f0a9b8c7d6e5f',
    error: 'Service temporarily unavailable',
    tag: 'INTERNAL_ERROR',
  },
};

const BRAVE_ERRORS = {
  429: {
    type: 'ErrorResponse',
    error: {
      id: '0f3c2a1e',
      status: 429,
      code: 'RATE_LIMITED',
      detail: 'Request rate limit exceeded for plan.',
      meta: {},
    },
    time: 1_732_000_000,
  },
  503: {
    type: 'ErrorResponse',
    error: {
      id: '0f3c2a1f',
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      detail: 'Service temporarily unavailable.',
      meta: {},
    },
    time: 1_732_000_000,
  },
};

// Brave's rate-limit counters (per second, per month) when a request is refused.
const BRAVE_LIMIT_HEADERS = {
  'x-ratelimit-limit': '1, 15000',
  'x-ratelimit-remaining': '0, 14890',
  'x-ratelimit-reset': '1, 1419704',
};

/**
 * The answer for a fault that has one (`hang` and `reset` have none: the server acts on the socket).
 * `healthy` is the endpoint's normal body, which `malformed` cuts short.
 */
export function faultResponse(
  endpoint: SimulatedEndpoint,
  fault: Exclude<SimulatorFault, 'hang' | 'reset'>,
  query: string,
  healthy: string,
): SimulatedResponse {
  const api =
    endpoint === 'tavily.search'
      ? TAVILY_ERRORS
      : endpoint === 'exa.search'
        ? EXA_ERRORS
        : endpoint === 'brave.web'
          ? BRAVE_ERRORS
          : undefined;
  switch (fault) {
    case 'rate_limited':
      if (endpoint === 'brave.web') {
        return {
          ...json(429, BRAVE_ERRORS[429]),
          headers: { 'content-type': CONTENT_TYPES.json, ...BRAVE_LIMIT_HEADERS },
        };
      }
      return api ? json(429, api[429]) : html(429, STATUS_PAGE(429, 'Too Many Requests'));
    case 'server_error':
      if (api) return json(503, api[503]);
      if (endpoint === 'duckduckgo.d.js') {
        return {
          status: 503,
          headers: { 'content-type': CONTENT_TYPES.js },
          body: "if(DDG.deep){DDG.deep.is506=1;DDG.deep.bn={ivc:0,ibc:0};}var dnd0=[];if (nrn) nrn('d',dnd0);",
        };
      }
      return html(503, STATUS_PAGE(503, 'Service Temporarily Unavailable'));
    case 'anomaly':
      switch (endpoint) {
        case 'duckduckgo.html':
          return html(202, anomalyPage(query));
        case 'duckduckgo.vqd':
          return html(200, anomalyPage(query));
        case 'duckduckgo.d.js':
          return {
            status: 200,
            headers: { 'content-type': CONTENT_TYPES.js },
            body: `DDG.deep.anomalyDetectionBlock({gk:'d4cd0dabcf4caa22ad92fab40844c786',q:'${encodeURIComponent(query)}',iadb:1,sc:1,e:0,p:'91-402-17-388-205-144-310-77-256',cc:'sre',o:'Vb2Qm8XkPz1nL4sRtY7uWc%2BhJd3KfA6gE9iO0pN5qM8%3D%0A',er:'',s:'index', r:'use'})`,
          };
        case 'duckduckgo.news.js':
        case 'duckduckgo.v.js':
          return html(403, STATUS_PAGE(403, 'Forbidden'));
        default:
          return html(403, WAF_PAGE);
      }
    case 'malformed':
      switch (endpoint) {
        case 'duckduckgo.html':
          return html(
            200,
            '<!DOCTYPE html><html><head><title>DuckDuckGo</title></head><body><div id="links" class="results"><p>We are updating our service. Please try again.</p></div></body></html>',
          );
        case 'duckduckgo.vqd':
          return html(200, '<!DOCTYPE html><html><head><title>DuckDuckGo</title></head><body></body></html>');
        default:
          // Cut mid-body, as a proxy that dropped the connection after a 200 would leave it.
          return {
            status: 200,
            headers: {
              'content-type': endpoint === 'duckduckgo.d.js' ? CONTENT_TYPES.js : CONTENT_TYPES.json,
            },
            body: healthy.slice(0, Math.floor(healthy.length / 2)),
          };
      }
  }
}
