// The runtime matrix's LangChain Worker: our LangChain tool invoked on workerd. @langchain/core loads
// langsmith, which imports node:fs, node:os and node:worker_threads, so this one needs nodejs_compat.
// Bindings: TAVILY_API_KEY, TAVILY_BASE_URL.
import { loadSearchConfig } from '@agent-search/core';
import { webSearchTool } from '@agent-search/langchain';
import { providerDefinition as tavily } from '@agent-search/provider-tavily/definition';

export default {
  async fetch(request, env) {
    const { client } = loadSearchConfig(env, { definitions: [tavily] });
    const query = new URL(request.url).searchParams.get('q') ?? 'heat pump efficiency';
    const text = await webSearchTool({ client }).invoke({ query, max_results: 2 });
    return new Response(String(text), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
  },
};
