import { loadSearchConfig } from '@agent-search/core';
import { providerDefinition } from '@agent-search/provider-duckduckgo';
import { dJs, vqdPage } from '@agent-search/provider-duckduckgo/testing';
import { hang, useMswServer } from '@agent-search/testing';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { HTML_URL, runToolTurn } from './harness.ts';

const server = useMswServer();

describe('search_internet on the keyless default', () => {
  it('answers from DuckDuckGo d.js when the HTML endpoint hangs, with default settings', async () => {
    server.use(
      http.post(HTML_URL, ({ request }) => hang(request)),
      http.get('https://duckduckgo.com/', ({ request }) =>
        HttpResponse.html(vqdPage(new URL(request.url).searchParams.get('q') ?? '')),
      ),
      http.get('https://links.duckduckgo.com/d.js', ({ request }) => {
        const query = new URL(request.url).searchParams.get('q') ?? '';
        return new HttpResponse(dJs(query), { headers: { 'content-type': 'application/x-javascript' } });
      }),
    );
    const { client } = loadSearchConfig({}, { definitions: [providerDefinition] });
    const turn = await runToolTurn({ query: 'rust ownership' }, { client, publisher: false });
    expect(turn.output.error).toBeUndefined();
    expect(turn.output.results.length).toBeGreaterThan(0);
    expect(Object.keys(turn.output.results[0]!)).toEqual(['title', 'href', 'body']);
  });
});
