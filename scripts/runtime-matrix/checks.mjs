// The runtime matrix's checks on Bun and Deno (scripts/runtime-matrix.mjs runs this file on each): core with
// DuckDuckGo and with a keyed provider (Tavily), the AI SDK tool through the AI SDK, and the MCP server over
// Streamable HTTP with the official client, every search answered by the loopback provider simulator whose
// origin is RUNTIME_MATRIX_UPSTREAM. One line per check, `RESULT {"name", "ok", "detail"}`, for the driver.
import { searchToolsFor, webSearchTool } from '@agent-search/ai-sdk';
import { withCache } from '@agent-search/cache';
import { loadSearchConfig } from '@agent-search/core';
import {
  createSearchMcpServer,
  webSearchTool as mcpWebSearchTool,
  startMcpHttpServer,
} from '@agent-search/mcp';
import {
  createSearchMcpServer as createPortableServer,
  webSearchTool as portableWebSearchTool,
} from '@agent-search/mcp/server';
import { providerDefinition as duckDuckGo } from '@agent-search/provider-duckduckgo/definition';
import { providerDefinition as tavily } from '@agent-search/provider-tavily/definition';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

const env = globalThis.process?.env ?? globalThis.Deno.env.toObject();
const upstream = env.RUNTIME_MATRIX_UPSTREAM;
if (!upstream) throw new Error('checks.mjs: RUNTIME_MATRIX_UPSTREAM (the simulator origin) is not set');
const QUERY = 'heat pump efficiency';

function report(name, ok, detail) {
  console.log(`RESULT ${JSON.stringify({ name, ok, detail })}`);
}

async function check(name, run) {
  try {
    report(name, true, await run());
  } catch (error) {
    report(name, false, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

/** A client from the environment, as an app builds it: the definitions, the base URL variables, a key. */
function clientFor(definition, variables) {
  const config = loadSearchConfig(
    { SEARCH_PROVIDER_PRIORITY: definition.id, ...variables },
    { definitions: [definition] },
  );
  expect(config.enabled, `search is disabled: ${config.reason}`);
  return config.client;
}

const duckDuckGoClient = () => clientFor(duckDuckGo, { DUCKDUCKGO_HTML_URL: `${upstream}/duckduckgo` });
const tavilyClient = () =>
  clientFor(tavily, {
    TAVILY_API_KEY: 'tvly-dev-R4t8Lm2Qx7Vb9Nc3Kp6Zs1Wy5',
    TAVILY_BASE_URL: `${upstream}/tavily`,
  });

/** A search's first result, checked: the provider asked answered with results. */
async function searched(client, provider) {
  const response = await client.search({ query: QUERY, maxResults: 3 });
  expect(response.provider === provider, `answered by ${response.provider}, not ${provider}`);
  expect(response.results.length > 0, 'no results');
  return response.results[0].url;
}

/** A model that calls web_search once, then answers with what the tool gave it. */
function searchingModel(provider) {
  const usage = {
    inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 1, text: 1, reasoning: undefined },
  };
  let calls = 0;
  return new MockLanguageModelV3({
    ...(provider ? { provider, modelId: 'mock' } : {}),
    doGenerate: async () => {
      calls += 1;
      const content =
        calls === 1
          ? [
              {
                type: 'tool-call',
                toolCallId: 'c1',
                toolName: 'web_search',
                input: JSON.stringify({ query: QUERY }),
              },
            ]
          : [{ type: 'text', text: 'done' }];
      const finish = calls === 1 ? 'tool-calls' : 'stop';
      return { content, finishReason: { unified: finish, raw: finish }, usage, warnings: [] };
    },
  });
}

await check('core + DuckDuckGo: a search', () => searched(duckDuckGoClient(), 'duckduckgo'));

await check('core + Tavily (keyed): a search', () => searched(tavilyClient(), 'tavily'));

await check('cache: withCache answers a repeated question from memory', async () => {
  const client = withCache(tavilyClient());
  const first = await client.search({ query: `${QUERY} cost`, maxResults: 3 });
  const again = await client.search({ query: `${QUERY} cost`, maxResults: 3 });
  expect(!first.cached && again.cached, `cached: ${first.cached}, ${again.cached}`);
  return first.results[0].url;
});

await check('AI SDK: generateText calls web_search', async () => {
  const result = await generateText({
    model: searchingModel(),
    tools: { web_search: webSearchTool({ client: tavilyClient() }) },
    prompt: 'Are heat pumps efficient?',
    stopWhen: stepCountIs(3),
  });
  const output = result.steps[0]?.toolResults[0]?.output;
  expect(output?.provider === 'tavily', `tool output: ${JSON.stringify(output)?.slice(0, 200)}`);
  expect(output.results.length > 0, 'the tool returned no results');
  return output.results[0].url;
});

await check('AI SDK: an OpenAI Responses model gets its own search (optional peer imported)', async () => {
  const found = await searchToolsFor(searchingModel('openai.responses'), { client: tavilyClient() });
  expect(found.source === 'openai', `source ${found.source}`);
  return Object.keys(found.tools).join(',');
});

await check(
  'AI SDK: an Anthropic model without @ai-sdk/anthropic installed gets our web_search',
  async () => {
    const found = await searchToolsFor(searchingModel('anthropic.messages'), { client: tavilyClient() });
    expect(found.source === 'agent-search', `source ${found.source}`);
    return Object.keys(found.tools).join(',');
  },
);

/** The v2 client, pinned to the 2026-07-28 protocol: it fails to connect to a server that does not speak it. */
const modernClient = () =>
  new Client(
    { name: 'runtime-matrix', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );

await check('MCP: Streamable HTTP server, v2 client on 2026-07-28, tools/call web_search', async () => {
  const client = duckDuckGoClient();
  const server = await startMcpHttpServer({
    createServer: () => createSearchMcpServer({ tools: [mcpWebSearchTool({ client })] }),
  });
  const mcp = modernClient();
  try {
    await mcp.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const { tools } = await mcp.listTools();
    expect(
      tools.some((t) => t.name === 'web_search'),
      `tools: ${tools.map((t) => t.name)}`,
    );
    const answer = await mcp.callTool({ name: 'web_search', arguments: { query: QUERY, max_results: 2 } });
    expect(!answer.isError, `tool error: ${JSON.stringify(answer.content).slice(0, 200)}`);
    // The model text names sites without addresses; structuredContent holds the normalized results.
    const url = answer.structuredContent?.results?.[0]?.url;
    expect(
      answer.content[0]?.text?.includes('Results for'),
      `text: ${JSON.stringify(answer.content).slice(0, 200)}`,
    );
    expect(url, `no results in: ${JSON.stringify(answer.structuredContent).slice(0, 200)}`);
    return url;
  } finally {
    await mcp.close().catch(() => {});
    await server.close();
  }
});

/** The runtime's own HTTP server (Bun.serve, Deno.serve) on a free loopback port, answering with `handler`. */
function serveFetch(handler) {
  if (globalThis.Bun) {
    const server = globalThis.Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: handler });
    return { url: `http://127.0.0.1:${server.port}/mcp`, stop: () => server.stop(true) };
  }
  const server = globalThis.Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, handler);
  return { url: `http://127.0.0.1:${server.addr.port}/mcp`, stop: () => server.shutdown() };
}

await check(
  'MCP: @agent-search/mcp/server on the runtime’s own HTTP server (createMcpHandler; v2 client on 2026-07-28, v1 client)',
  async () => {
    const client = tavilyClient();
    const handler = createMcpHandler(() =>
      createPortableServer({ tools: [portableWebSearchTool({ client })] }),
    );
    const served = serveFetch((request) => handler.fetch(request));
    // Both eras: the v2 client on 2026-07-28, the v1 client on 2025 (served statelessly).
    const urls = [];
    try {
      for (const [mcp, transport] of [
        [modernClient(), new StreamableHTTPClientTransport(new URL(served.url))],
        [new ClientV1({ name: 'runtime-matrix', version: '1.0.0' }), new TransportV1(new URL(served.url))],
      ]) {
        try {
          await mcp.connect(transport);
          const answer = await mcp.callTool({
            name: 'web_search',
            arguments: { query: QUERY, max_results: 2 },
          });
          expect(!answer.isError, `tool error: ${JSON.stringify(answer.content).slice(0, 200)}`);
          const url = answer.structuredContent?.results?.[0]?.url;
          expect(url, `no results in: ${JSON.stringify(answer.structuredContent).slice(0, 200)}`);
          urls.push(url);
        } finally {
          await mcp.close().catch(() => {});
        }
      }
      return urls[0];
    } finally {
      await handler.close();
      await served.stop();
    }
  },
);
