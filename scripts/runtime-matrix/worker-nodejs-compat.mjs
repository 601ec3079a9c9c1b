// The runtime matrix's nodejs_compat Worker: what needs Node's APIs on workerd. Our LangChain tool
// (@langchain/core loads langsmith, which imports node:fs, node:os and node:worker_threads) and the answer
// cache in memory (`withCache`: node:crypto for its keys). Bindings: TAVILY_API_KEY, TAVILY_BASE_URL.
import { withCache } from '@agent-search/cache';
import { loadSearchConfig } from '@agent-search/core';
import { webSearchTool } from '@agent-search/langchain';
import { providerDefinition as tavily } from '@agent-search/provider-tavily/definition';

/** One cached client per isolate, so a repeated question is answered from memory. */
let client;

export default {
  async fetch(request, env) {
    client ??= withCache(loadSearchConfig(env, { definitions: [tavily] }).client);
    const url = new URL(request.url);
    const query = url.searchParams.get('q') ?? 'heat pump efficiency';
    if (url.pathname === '/cache') {
      const first = await client.search({ query, maxResults: 3 });
      const again = await client.search({ query, maxResults: 3 });
      const urls = first.results.map((r) => r.url);
      return Response.json({ provider: first.provider, cached: [first.cached, again.cached], urls });
    }
    const text = await webSearchTool({ client }).invoke({ query, max_results: 2 });
    return new Response(String(text), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
  },
};
