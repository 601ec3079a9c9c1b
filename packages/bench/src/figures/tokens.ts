import { createSearchClient, renderView } from '@agent-search/core';
import { createSearchInternetTool } from '@agent-search/livekit-tool';
import type { ProviderSimulator } from '@agent-search/testing/simulator';
import { DuckDuckGoSearch } from '@langchain/community/tools/duckduckgo_search';
import { tavilySearch } from '@tavily/ai-sdk';
import { getEncoding } from 'js-tiktoken';
import { type Figure, fmt } from '../figure.ts';
import { duckDuckGo, TAVILY_KEY } from '../upstreams.ts';

const QUERY = 'heat pump cold climate';
const RESULTS = 5;

/** Runs the LiveKit tool's execute function as the framework would, outside a session. */
async function liveKitToolOutput(sim: ProviderSimulator): Promise<string> {
  const client = createSearchClient({ providers: [duckDuckGo(sim)] });
  const tool = createSearchInternetTool({ client, publisher: false, userId: 'bench' });
  const output = await tool.execute(
    { query: QUERY, max_results: RESULTS },
    { ctx: undefined as never, toolCallId: 'bench', abortSignal: new AbortController().signal },
  );
  // @livekit/agents hands a non-string tool result to the model as JSON.stringify(result).
  return JSON.stringify(output);
}

/**
 * Figure 6: what the model receives for the same 5 results, in o200k_base tokens (GPT-4o's encoding).
 * Every contender reads the simulator's same pages: DuckDuckGo's for ours and LangChain's tool, Tavily's
 * (rendered from the same entries) for the AI SDK Tavily tool.
 */
export async function tokensFigure(sim: ProviderSimulator): Promise<Figure> {
  sim.reset();
  const encoding = getEncoding('o200k_base');
  const count = (text: string) => encoding.encode(text).length;
  const response = await createSearchClient({ providers: [duckDuckGo(sim)] }).search({
    query: QUERY,
    maxResults: RESULTS,
  });
  if (response.results.length !== RESULTS) throw new Error(`expected ${RESULTS} results`);
  const outputs = {
    model: renderView(response, 'model'),
    livekit: await liveKitToolOutput(sim),
    langchain: await new DuckDuckGoSearch({ maxResults: RESULTS }).invoke(QUERY),
    aiSdkTavily: JSON.stringify(
      await tavilySearch({ apiKey: TAVILY_KEY, apiBaseURL: sim.urls.tavily, maxResults: RESULTS }).execute!(
        { query: QUERY },
        { toolCallId: 'bench', messages: [] },
      ),
    ),
  };
  const tokens = Object.fromEntries(Object.entries(outputs).map(([k, v]) => [k, count(v)])) as Record<
    keyof typeof outputs,
    number
  >;
  const ratio = tokens.model / tokens.langchain;
  const livekitRatio = tokens.livekit / tokens.langchain;
  return {
    id: 'tokens',
    title: '6. Tokens the model receives for the same 5 results',
    method: `One search for "${QUERY}" with 5 results; each tool's output as the model receives it (JSON.stringify for object outputs, as @livekit/agents and the AI SDK do), counted with js-tiktoken o200k_base.`,
    checks: [
      {
        name: "Tokens: our model view / LangChain's tool",
        value: `${fmt.ratio(ratio)} (${tokens.model} vs ${tokens.langchain})`,
        target: '≤ 0.75×',
        met: ratio <= 0.75,
      },
      {
        name: "Tokens: our LiveKit tool JSON / LangChain's tool",
        value: `${fmt.ratio(livekitRatio)} (${tokens.livekit} vs ${tokens.langchain})`,
        target: '≤ 0.75×',
        met: livekitRatio <= 0.75,
        ...(livekitRatio > 0.75
          ? {
              why: 'the tool returns JSON with full URLs so a voice agent can cite them; the model view does not',
            }
          : {}),
      },
    ],
    charts: [
      {
        unit: 'tokens (o200k_base)',
        bars: [
          { label: 'ours: model view (renderView "model")', value: tokens.model, ours: true },
          { label: 'ours: LiveKit search_internet JSON', value: tokens.livekit, ours: true },
          { label: 'LangChain DuckDuckGoSearch', value: tokens.langchain, ours: false },
          { label: 'AI SDK tavilySearch', value: tokens.aiSdkTavily, ours: false },
        ],
      },
    ],
    details: Object.entries(outputs).map(([name, text]) => [
      `${name}: ${tokens[name as keyof typeof outputs]} tokens, ${text.length} characters`,
      `\`${text.slice(0, 90).replace(/\n/g, '⏎').replace(/`/g, "'")}…\``,
    ]),
  };
}
