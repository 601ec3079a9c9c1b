import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { providerKit } from '@agent-search/registry/testing';
import { HEAT_PUMP_ENTRIES as ENTRIES, hostileResults, useHostileUpstream } from '@agent-search/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, requireBuiltServer } from './connect.ts';
import { textOf } from './loopback.ts';

// The published command with only an LLM vendor's key (set for the model, not for search) and DuckDuckGo
// slow: its paid search stays off (no hedge to it, counted at the vendor's loopback API), and the server says
// so at start-up with how to turn it on. (DuckDuckGo blocked is in native-providers.test.ts.)
requireBuiltServer();
const upstream = useHostileUpstream();

const duckduckgo = await providerKit('duckduckgo');
/** DuckDuckGo's HTML endpoint, answering its results page after 1.5 s: slow enough to be hedged. */
let slow: Server;
let slowUrl = '';
beforeAll(async () => {
  const page = duckduckgo.answer(ENTRIES);
  slow = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      setTimeout(() => res.writeHead(200, { 'content-type': page.contentType }).end(page.body), 1_500),
    );
  });
  slow.listen(0, '127.0.0.1');
  await once(slow, 'listening');
  slowUrl = `http://127.0.0.1:${(slow.address() as { port: number }).port}/html/`;
});
afterAll(() => new Promise<void>((resolve) => slow.close(() => resolve())));

const VENDORS = [
  { id: 'openai', keyEnv: 'OPENAI_API_KEY', key: 'sk-proj-mcp0slow0key0do0not0leak00000' },
  { id: 'anthropic', keyEnv: 'ANTHROPIC_API_KEY', key: 'sk-ant-api03-mcp0slow0key0do0not0leak0' },
  { id: 'gemini', keyEnv: 'GEMINI_API_KEY', key: 'AIzaSy-mcp0slow0key0do0not0leak0000000' },
] as const;

describe('agent-search-mcp with only an LLM vendor key and DuckDuckGo slow', () => {
  it.each(VENDORS)(
    '$keyEnv only: DuckDuckGo answers, no hedge reaches $id, and stderr says its search is off and how to ask',
    async ({ id, keyEnv, key }) => {
      const kit = await providerKit(id);
      upstream.answer(kit, hostileResults(kit, ENTRIES));
      const env = {
        [keyEnv]: key,
        [kit.definition.baseUrlEnv!]: upstream.baseURL(kit),
        DUCKDUCKGO_HTML_URL: slowUrl,
        TAVILY_KEYLESS: '0',
      };
      const session = await connectStdio(env);
      try {
        const result = await session.client.callTool({
          name: 'web_search',
          arguments: { query: 'heat pump', max_results: 2 },
        });
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toMatchObject({ provider: 'duckduckgo' });
        expect(textOf(result)).toContain('[1] ');
        expect(upstream.requests.filter((r) => r.path.startsWith(`/${id}/`))).toHaveLength(0);
        expect(session.stderr()).toMatch(
          new RegExp(
            `^agent-search-mcp: .*Off, as they would spend a key set for something else: .*${kit.definition.name} \\(about \\$0\\.0\\d+ a request\\).*; to use them, set SEARCH_NATIVE=1 or list native in SEARCH_PROVIDER_PRIORITY\\.`,
            'm',
          ),
        );
        expect(session.stderr()).not.toContain(key);
      } finally {
        await session.client.close();
      }
      // The same with consent: the slow DuckDuckGo is hedged to the vendor, so the count above could fail.
      const asked = await connectStdio({ ...env, SEARCH_NATIVE: '1' });
      try {
        await asked.client.callTool({
          name: 'web_search',
          arguments: { query: 'heat pump', max_results: 2 },
        });
        expect(upstream.requests.filter((r) => r.path.startsWith(`/${id}/`)).length).toBeGreaterThan(0);
        expect(asked.stderr()).not.toMatch(/Off, as they would spend/);
      } finally {
        await asked.client.close();
      }
    },
  );
});
