import { describeProviderConformance, useMswServer } from '@agent-search/testing';
import { HttpResponse } from 'msw';
import { expect } from 'vitest';
import { createDuckDuckGoProvider, fromEnv } from '../src/index.ts';
import { kit } from '../src/testing.ts';
import {
  djs,
  emptyHandlers,
  everyEndpoint,
  fixture,
  hangHandlers,
  htmlEndpoint,
  resultHandlers,
  status,
  URLS,
  vqdPage,
} from './handlers.ts';

const server = useMswServer();

// Default order: the HTML endpoint first, d.js as the fallback.
describeProviderConformance('duckduckgo', {
  createProvider: () => createDuckDuckGoProvider(),
  server,
  kit,
  // The package's own configuration, which reads the HTML endpoint's variable.
  hostile: { fromEnv: (baseURL) => fromEnv({ DUCKDUCKGO_HTML_URL: baseURL }) },
  resultHandlers,
  emptyHandlers,
  hangHandlers: hangHandlers(),
  faults: [
    {
      name: 'the bot challenge (HTTP 202 anomaly page)',
      handlers: everyEndpoint(() => new HttpResponse(fixture('html-anomaly.html'), { status: 202 })),
      code: 'blocked',
    },
    {
      name: 'the anomaly page served with 200 and the d.js anomaly block',
      handlers: [htmlEndpoint('html-anomaly.html'), vqdPage(), djs('d.js-anomaly.js')],
      code: 'blocked',
    },
    { name: 'HTTP 403', handlers: status(403), code: 'blocked' },
    { name: 'HTTP 429', handlers: status(429, { 'retry-after': '30' }), code: 'rate_limited' },
    { name: 'HTTP 500', handlers: status(500), code: 'unavailable' },
    { name: 'HTTP 503', handlers: status(503), code: 'unavailable' },
    { name: 'a connection reset', handlers: everyEndpoint(() => HttpResponse.error()), code: 'unavailable' },
    {
      name: 'an unrecognisable page',
      handlers: everyEndpoint(() => new HttpResponse('<html><body>Maintenance</body></html>')),
      code: 'provider_error',
    },
  ],
  async expectFiltersSent(requests) {
    const post = requests.find((r) => r.url === URLS.html);
    expect(post?.method).toBe('POST');
    const form = new URLSearchParams(await post!.text());
    expect(form.get('q')).toBe('filters query site:example.com');
    expect(form.get('df')).toBe('d');
  },
});

// d.js first: the vqd token, then d.js.
describeProviderConformance('duckduckgo (d.js backend)', {
  createProvider: () => createDuckDuckGoProvider({ textBackends: ['djs'] }),
  server,
  resultHandlers,
  emptyHandlers,
  hangHandlers: hangHandlers(),
  faults: [
    { name: 'the d.js anomaly block', handlers: [vqdPage(), djs('d.js-anomaly.js')], code: 'blocked' },
    {
      name: 'a vqd page without a token (HTTP 202 challenge)',
      handlers: everyEndpoint(() => new HttpResponse(fixture('html-anomaly.html'), { status: 202 })),
      code: 'blocked',
    },
    { name: 'HTTP 403 on the vqd page', handlers: status(403), code: 'blocked' },
    { name: 'the DDG.deep.is506 body', handlers: [vqdPage(), djs('d.js-506.js')], code: 'unavailable' },
    {
      name: 'a connection reset on d.js',
      handlers: [vqdPage(), ...everyEndpoint(() => HttpResponse.error())],
      code: 'unavailable',
    },
    {
      name: 'an unreadable d.js payload',
      handlers: [
        vqdPage(),
        ...everyEndpoint(() => new HttpResponse('<html><body>Maintenance</body></html>')),
      ],
      code: 'provider_error',
    },
  ],
  expectFiltersSent(requests) {
    const djsRequest = requests.find((r) => r.url.startsWith(URLS.djs));
    const params = new URL(djsRequest!.url).searchParams;
    expect(params.get('q')).toBe('filters query site:example.com');
    expect(params.get('df')).toBe('d');
  },
});
