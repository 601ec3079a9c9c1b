import { providerKit } from '@agent-search/registry/testing';
import { HEAT_PUMP_ENTRIES as ENTRIES, hostileResults, useHostileUpstream } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { connectStdio, requireBuiltServer } from './connect.ts';
import { textOf } from './loopback.ts';

// The published command, as an MCP client starts it, with `native` in SEARCH_PROVIDER_PRIORITY and one LLM
// vendor's key, pointed at a loopback server answering like that vendor's API (its kit's route and answers).
const VENDORS = [
  { id: 'openai', keyEnv: 'OPENAI_API_KEY', key: 'sk-proj-mcp0test0key0do0not0leak00000' },
  { id: 'anthropic', keyEnv: 'ANTHROPIC_API_KEY', key: 'sk-ant-api03-mcp0test0key0do0not0leak0' },
  { id: 'gemini', keyEnv: 'GOOGLE_API_KEY', key: 'AIzaSy-mcp0test0key0do0not0leak0000000' },
] as const;

requireBuiltServer();
const upstream = useHostileUpstream();

describe('agent-search-mcp with SEARCH_PROVIDER_PRIORITY=native,perplexity', () => {
  it.each(VENDORS)(
    'answers web_search through $id with only $keyEnv set; the key is never in the result or the logs',
    async ({ id, keyEnv, key }) => {
      const kit = await providerKit(id);
      const baseUrlEnv = kit.definition.baseUrlEnv!;
      upstream.answer(kit, hostileResults(kit, ENTRIES));
      const session = await connectStdio({
        LOG_LEVEL: 'debug',
        SEARCH_PROVIDER_PRIORITY: 'native,perplexity',
        [keyEnv]: key,
        [baseUrlEnv]: upstream.baseURL(kit),
      });
      try {
        const result = await session.client.callTool({
          name: 'web_search',
          arguments: { query: 'heat pump', max_results: 2 },
        });
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toMatchObject({
          provider: id,
          results: ENTRIES.map((e) => expect.objectContaining({ url: e.url, snippet: e.snippet })),
        });
        expect(textOf(result)).toContain('[1] Heat pump systems');
        expect(upstream.requests).toHaveLength(1);
        expect(JSON.stringify(upstream.requests[0]!.headers)).toContain(key);
        expect(upstream.requests[0]!.search).not.toContain(key);
        expect(JSON.stringify(result)).not.toContain(key);
        expect(session.stderr()).not.toContain(key);
      } finally {
        await session.client.close();
      }
    },
  );
});

describe('agent-search-mcp with only an LLM vendor key (no SEARCH_PROVIDER_PRIORITY)', () => {
  it.each(VENDORS)(
    'never sends web_search to $id with only $keyEnv set while DuckDuckGo is blocked: it is paid and not asked for',
    async ({ id, keyEnv, key }) => {
      const kit = await providerKit(id);
      upstream.answer(kit, hostileResults(kit, ENTRIES));
      // DuckDuckGo's HTML endpoint refuses; its other endpoints are out of reach from the test machine.
      upstream.answer('/duckduckgo-blocked', { kind: 'body', status: 403, headers: {}, body: '' });
      const session = await connectStdio({
        [keyEnv]: key,
        [kit.definition.baseUrlEnv!]: upstream.baseURL(kit),
        DUCKDUCKGO_HTML_URL: `${upstream.origin}/duckduckgo-blocked`,
        TAVILY_KEYLESS: '0',
        SEARCH_TIMEOUT_MS: '4000',
      });
      try {
        const result = await session.client.callTool({
          name: 'web_search',
          arguments: { query: 'heat pump', max_results: 2 },
        });
        expect(result.isError).toBe(true);
        expect(upstream.requests.some((r) => r.path === '/duckduckgo-blocked')).toBe(true);
        expect(upstream.requests.filter((r) => r.path.startsWith(`/${id}`))).toHaveLength(0);
        expect(session.stderr()).not.toContain(key);
      } finally {
        await session.client.close();
      }
    },
  );
});
