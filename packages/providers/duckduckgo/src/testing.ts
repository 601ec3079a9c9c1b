import type { Env } from '@agent-search/core';
import type { ProviderKit } from '@agent-search/testing/kit';
import { providerDefinition } from './definition.ts';
import { createDuckDuckGoProvider } from './provider.ts';
import { duckDuckGoHtmlPage } from './testing/pages.ts';
import { simulation } from './testing/simulation.ts';

const HTML = 'text/html; charset=UTF-8';

/**
 * DuckDuckGo's test kit (not published), for the shared suites: its HTML endpoint, which its base URL
 * names, and that endpoint's pages. The provider is kept to the HTML backend: d.js, news.js and v.js
 * have fixed URLs a test upstream cannot stand in for (the provider simulator can: see `simulation`).
 * The pages are exported for DuckDuckGo's tests elsewhere.
 */
export const kit: ProviderKit = {
  definition: providerDefinition,
  create: (options) => createDuckDuckGoProvider({ ...options, textBackends: ['html'] }),
  fromEnv: (env: Env) =>
    createDuckDuckGoProvider({ baseURL: env.DUCKDUCKGO_HTML_URL, textBackends: ['html'] }),
  route: { method: 'POST', path: '' },
  // The page escapes text as DuckDuckGo does, so markup arrives entity-encoded inside the results.
  answer: (entries) => ({ contentType: HTML, body: duckDuckGoHtmlPage('hostile', entries) }),
  error: (_status, message) => ({
    contentType: 'text/html',
    body: `<html><body><h1>${message}</h1></body></html>`,
  }),
  framing: {
    contentType: HTML,
    prefix: '<html><body><div id="links" class="results">',
    repeat:
      '<div class="result results_links web-result"><h2 class="result__title"><a class="result__a" href="https://example.com/">Title</a></h2><a class="result__snippet" href="https://example.com/">Snippet text</a></div>',
    suffix: '</div></body></html>',
  },
  simulation,
};

export * from './testing/pages.ts';
