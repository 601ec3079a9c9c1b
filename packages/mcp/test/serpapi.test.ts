import { providerKit } from '@agent-search/registry/testing';
import { HEAT_PUMP_ENTRIES as ENTRIES, hostileResults, useHostileUpstream } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { connectStdio, requireBuiltServer } from './connect.ts';
import { textOf } from './loopback.ts';

// The published command, as an MCP client starts it, with SerpApi configured by its variables alone and
// pointed at a loopback server answering like SerpApi (its kit's route and answers).
const serpapi = await providerKit('serpapi');
const SERPAPI_KEY = '0c9b8a7fmcp0test0key0do0not0leak0e6d5c4b3a2f1';

requireBuiltServer();
const upstream = useHostileUpstream();

describe('agent-search-mcp with SerpApi', () => {
  it('answers web_search from Google results; the key travels only in api_key and is never printed', async () => {
    upstream.answer(serpapi, hostileResults(serpapi, ENTRIES));
    const session = await connectStdio({
      SEARCH_PROVIDER_PRIORITY: 'serpapi',
      SERPAPI_API_KEY: SERPAPI_KEY,
      SERPAPI_BASE_URL: upstream.baseURL(serpapi),
      LOG_LEVEL: 'debug',
    });
    try {
      const result = await session.client.callTool({
        name: 'web_search',
        arguments: { query: 'heat pump', num_results: 2 },
      });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        provider: 'serpapi',
        results: ENTRIES.map((e) => expect.objectContaining({ url: e.url, title: e.title })),
      });
      expect(textOf(result)).toContain('[1] Heat pump systems');
      const params = new URLSearchParams(upstream.requests[0]?.search);
      expect([params.get('engine'), params.get('q'), params.get('num'), params.get('api_key')]).toEqual([
        'google',
        'heat pump',
        '2',
        SERPAPI_KEY,
      ]);

      // SerpApi rejecting the key, quoting the URL back: the model and the logs get no key.
      upstream.answer(serpapi, (request) => ({
        kind: 'body',
        status: 401,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ error: `Invalid API key for ${request.path}${request.search}` }),
      }));
      const refused = await session.client.callTool({
        name: 'web_search',
        arguments: { query: 'heat pump key' },
      });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused)).not.toContain(SERPAPI_KEY);
      expect(session.stderr()).toContain('serpapi');
      expect(session.stderr()).not.toContain(SERPAPI_KEY);
    } finally {
      await session.client.close();
    }
  });
});
