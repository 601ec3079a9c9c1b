import { loadSearchConfig } from '@agent-search/core';
import { duckDuckGoHtmlPage, vqdPage } from '@agent-search/provider-duckduckgo/testing';
import { PROVIDER_DEFINITIONS } from '@agent-search/registry';
import { providerKit } from '@agent-search/registry/testing';
import {
  HEAT_PUMP_ENTRIES,
  hostileResults,
  type ProviderKit,
  useHostileUpstream,
  useMswServer,
} from '@agent-search/testing';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { webEntries } from './fixtures/duckduckgo.ts';
import { HTML_URL, runToolTurn } from './harness.ts';

// search_internet on the stack a LiveKit agent loads from its environment (the registry's providers), with
// only the LLM vendor's key set, for the agent's LLM plugin: the vendor's paid search must stay off whether
// DuckDuckGo is blocked or slow. The vendor's API is a loopback server answering like it, counting requests.
const server = useMswServer();
const upstream = useHostileUpstream(server);

function blockDuckDuckGo() {
  server.use(
    http.post(HTML_URL, () =>
      HttpResponse.html('<html><div class="anomaly-modal"></div></html>', { status: 202 }),
    ),
    http.get('https://duckduckgo.com/', () => new HttpResponse('', { status: 403 })),
    http.get('https://links.duckduckgo.com/d.js', () => new HttpResponse('', { status: 403 })),
  );
}

/** DuckDuckGo answering, but only after `ms`: slow enough that the chain hedges. */
function slowDuckDuckGo(ms: number) {
  server.use(
    http.post(HTML_URL, async ({ request }) => {
      const query = new URLSearchParams(await request.text()).get('q') ?? '';
      await delay(ms);
      return HttpResponse.html(duckDuckGoHtmlPage(query, webEntries(3, query)));
    }),
    http.get('https://duckduckgo.com/', ({ request }) =>
      HttpResponse.html(vqdPage(new URL(request.url).searchParams.get('q') ?? '')),
    ),
  );
}

const VENDORS = [
  ['openai', 'OPENAI_API_KEY', 'sk-proj-lk0test0key0do0not0leak00000000'],
  ['anthropic', 'ANTHROPIC_API_KEY', 'sk-ant-api03-lk0test0key0do0not0leak00'],
  ['gemini', 'GEMINI_API_KEY', 'AIzaSy-lk0test0key0do0not0leak000000000'],
] as const;

/** The agent's stack with the vendor's key (and its base URL at the counted upstream), Tavily keyless off. */
function agentStack(kit: ProviderKit, keyEnv: string, key: string, extra: Record<string, string> = {}) {
  upstream.answer(kit, hostileResults(kit, HEAT_PUMP_ENTRIES));
  return loadSearchConfig(
    {
      [keyEnv]: key,
      [kit.definition.baseUrlEnv!]: upstream.baseURL(kit),
      TAVILY_KEYLESS: '0',
      ...extra,
    },
    { definitions: PROVIDER_DEFINITIONS },
  );
}

const vendorRequests = (kit: ProviderKit) =>
  upstream.requests.filter((r) => r.path.startsWith(`/${kit.definition.id}/`));

describe.each(VENDORS)(
  'search_internet with only %s’s key (%s) set for the LLM plugin',
  (id, keyEnv, key) => {
    it('DuckDuckGo blocked: the tool says search failed, and not one request reaches the vendor', async () => {
      const kit = await providerKit(id);
      blockDuckDuckGo();
      const config = agentStack(kit, keyEnv, key);
      expect(config.providers.filter((p) => p.enabled).map((p) => p.id)).toEqual(['duckduckgo']);
      const turn = await runToolTurn({ query: 'heat pump' }, { client: config.client, publisher: false });
      expect(turn.output).toMatchObject({ results: [], error: expect.any(String) });
      expect(vendorRequests(kit)).toHaveLength(0);
      expect(JSON.stringify(turn.output)).not.toContain(key);
      // What the agent logs at start-up: the vendor's search is off, and how to turn it on.
      expect(config.cost).toMatch(
        new RegExp(
          `Off, as they would spend a key set for something else: .*${kit.definition.name} \\(about \\$0\\.0\\d+ a request\\).*; to use them, set SEARCH_NATIVE=1 or list native in SEARCH_PROVIDER_PRIORITY\\.`,
        ),
      );
    });

    it('DuckDuckGo slow (1.5 s): DuckDuckGo answers and no hedge goes to the vendor; with SEARCH_NATIVE=1 one does', async () => {
      const kit = await providerKit(id);
      slowDuckDuckGo(1_500);
      const off = agentStack(kit, keyEnv, key);
      const turn = await runToolTurn<{ results: { href: string }[] }>(
        { query: 'heat pump' },
        { client: off.client, publisher: false },
      );
      expect(turn.output.results.length).toBeGreaterThan(0);
      expect(turn.output.results[0]!.href).toMatch(/^https:\/\/site1\.example\.org\//);
      expect(vendorRequests(kit)).toHaveLength(0);
      // The same search with consent: the slow DuckDuckGo is hedged to the vendor, so the count above could fail.
      const on = agentStack(kit, keyEnv, key, { SEARCH_NATIVE: '1' });
      await runToolTurn({ query: 'heat pump' }, { client: on.client, publisher: false });
      expect(vendorRequests(kit).length).toBeGreaterThan(0);
    });
  },
);
