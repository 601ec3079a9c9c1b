// The runtime matrix's Cloudflare Worker, bundled by scripts/runtime-matrix.mjs with esbuild as wrangler does
// and run on workerd by miniflare, with and without nodejs_compat: core with Tavily (keyed) and DuckDuckGo,
// every provider package imported, the AI SDK tool, and the remote MCP server behind a bearer token and an
// Origin check, stateless, through the v2 SDK's web-standard handler (`createMcpHandler`): 2026-07-28 clients
// and 2025 ones alike. Its bindings:
// TAVILY_API_KEY, TAVILY_BASE_URL, DUCKDUCKGO_HTML_URL, MCP_TOKEN, MCP_ALLOWED_ORIGINS (comma-separated).
// docs/runtimes.md shows it as a deployment.
import { searchToolsFor } from '@agent-search/ai-sdk';
import { loadSearchConfig } from '@agent-search/core';
import { createSearchMcpServer, webSearchTool as mcpWebSearchTool } from '@agent-search/mcp/server';
import * as anthropic from '@agent-search/provider-anthropic';
import * as brave from '@agent-search/provider-brave';
import * as duckduckgo from '@agent-search/provider-duckduckgo';
import * as exa from '@agent-search/provider-exa';
import * as gemini from '@agent-search/provider-gemini';
import * as openai from '@agent-search/provider-openai';
import * as perplexity from '@agent-search/provider-perplexity';
import * as searxng from '@agent-search/provider-searxng';
import * as serpapi from '@agent-search/provider-serpapi';
import * as tavily from '@agent-search/provider-tavily';
import { createMcpHandler } from '@modelcontextprotocol/server';

const json = (body, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Every provider package, imported statically so its module code runs at the Worker's start, where workerd
 * refuses random numbers, timers and I/O: a provider doing any of those on import fails the Worker.
 */
const PROVIDERS = { anthropic, brave, duckduckgo, exa, gemini, openai, perplexity, searxng, serpapi, tavily };

/** One client per isolate and provider: the bindings do not change while it lives, and the chain keeps its state. */
const configs = new Map();
function searchConfig(env, provider = 'tavily') {
  if (!configs.has(provider)) {
    const definitions = [PROVIDERS[provider].providerDefinition];
    configs.set(provider, loadSearchConfig({ ...env, SEARCH_PROVIDER_PRIORITY: provider }, { definitions }));
  }
  return configs.get(provider);
}

/** Compares in time that depends on the lengths only, so the token cannot be guessed a byte at a time. */
function sameSecret(given, expected) {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let i = 0; i < b.length; i += 1) difference |= (a[i] ?? 0) ^ b[i];
  return difference === 0;
}

/** The guards of our Node server: a bearer token on every request, and only the listed browser origins. */
function refused(request, env) {
  if (!env.MCP_TOKEN) return json({ error: 'MCP_TOKEN is not set: the server refuses every request' }, 500);
  const origin = request.headers.get('origin');
  const allowed = (env.MCP_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean);
  if (origin && !allowed.includes(origin)) return json({ error: `origin ${origin} is not allowed` }, 403);
  const token = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
  if (!sameSecret(token, env.MCP_TOKEN)) {
    return json({ error: 'missing or wrong bearer token' }, 401);
  }
  return undefined;
}

/**
 * The MCP handler, one per isolate (made on the first request: nothing at the Worker's start). Stateless:
 * a new server for each request, which the 2026-07-28 protocol is built for; a 2025 client is answered the
 * same way (`legacy: 'stateless'`, the default), as a Worker could not keep its session anyway.
 */
let handler;
function mcpHandler(env) {
  handler ??= createMcpHandler(() => {
    const { client, enabled, reason } = searchConfig(env);
    return createSearchMcpServer({
      tools: enabled ? [mcpWebSearchTool({ client })] : [],
      notes: enabled ? [] : [reason ?? 'search is unavailable'],
    });
  });
  return handler;
}

async function mcp(request, env) {
  const refusal = refused(request, env);
  if (refusal) return refusal;
  return mcpHandler(env).fetch(request);
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/mcp') return mcp(request, env);
    const query = url.searchParams.get('q') ?? 'heat pump efficiency';
    if (url.pathname === '/search') {
      const provider = url.searchParams.get('provider') ?? 'tavily';
      const response = await searchConfig(env, provider).client.search({ query, maxResults: 3 });
      return json({ provider: response.provider, urls: response.results.map((r) => r.url) });
    }
    if (url.pathname === '/ai-sdk') {
      // An OpenAI Responses model, with @ai-sdk/openai not in the bundle: our web_search, which searches.
      const { tools, source } = await searchToolsFor(
        { provider: 'openai.responses' },
        { client: searchConfig(env).client },
      );
      const output = await tools.web_search.execute({ query }, { toolCallId: 'c1', messages: [] });
      return json({ source, provider: output.provider, urls: output.results.map((r) => r.url) });
    }
    if (url.pathname === '/providers') {
      return json(
        Object.fromEntries(Object.entries(PROVIDERS).map(([id, module]) => [id, typeof module.fromEnv])),
      );
    }
    return json({ error: 'not found' }, 404);
  },
};
