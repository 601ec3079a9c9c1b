import { createSearchClient } from '@agent-search/core';
import { renderView } from '@agent-search/core/views';
import { createSearchInternetTool } from '@agent-search/livekit-tool';
import type { ProviderSimulator } from '@agent-search/testing/simulator';
import { DuckDuckGoSearch } from '@langchain/community/tools/duckduckgo_search';
import { tavilySearch } from '@tavily/ai-sdk';
import { getEncoding } from 'js-tiktoken';
import { DUCKDUCKGO_ANSWERS, type DuckDuckGoAnswer, serveDuckDuckGoAnswers } from '../duckduckgo-answers.ts';
import { type Figure, fmt } from '../figure.ts';
import { duckDuckGo, TAVILY_KEY } from '../upstreams.ts';

const QUERY = 'heat pump cold climate';
const RESULTS = 5;
const TARGET = 0.75;

let encoding: ReturnType<typeof getEncoding> | undefined;

/** Tokens in `text` for GPT-4o (o200k_base), the count every comparison of this figure uses. */
export function countTokens(text: string): number {
  encoding ??= getEncoding('o200k_base');
  return encoding.encode(text).length;
}

/** One DuckDuckGo-shaped answer as our model view and LangChain's tool gave it to the model. */
export interface AnswerTokens {
  query: string;
  /** Results in the answer, and in each tool's output. */
  served: number;
  ourResults: number;
  langchainResults: number;
  model: string;
  langchain: string;
  modelTokens: number;
  langchainTokens: number;
}

/**
 * Serves `answers` (d.js scripts shaped like DuckDuckGo's real ones) from the simulator and runs our
 * client (d.js backend, so both tools read the same bytes) and LangChain's `DuckDuckGoSearch` on each
 * query, with as many results as the answer holds. Needs `routeNeedleTo(sim)` for LangChain's tool.
 */
export async function tokensOnDuckDuckGoAnswers(
  sim: ProviderSimulator,
  answers: readonly DuckDuckGoAnswer[] = DUCKDUCKGO_ANSWERS,
): Promise<AnswerTokens[]> {
  sim.reset();
  serveDuckDuckGoAnswers(sim, answers);
  try {
    const client = createSearchClient({ providers: [duckDuckGo(sim, ['djs'])] });
    const counts: AnswerTokens[] = [];
    for (const { query, results } of answers) {
      const response = await client.search({ query, maxResults: results.length });
      const model = renderView(response, 'model');
      const langchain = await new DuckDuckGoSearch({ maxResults: results.length }).invoke(query);
      const langchainResults: unknown = JSON.parse(langchain);
      counts.push({
        query,
        served: results.length,
        ourResults: response.results.length,
        langchainResults: Array.isArray(langchainResults) ? langchainResults.length : 0,
        model,
        langchain,
        modelTokens: countTokens(model),
        langchainTokens: countTokens(langchain),
      });
    }
    return counts;
  } finally {
    sim.reset();
  }
}

const excerpt = (text: string) => `\`${text.slice(0, 90).replace(/\n/g, '⏎').replace(/`/g, "'")}…\``;

/** Runs the LiveKit tool's execute function as the framework would, outside a session. */
async function liveKitToolOutput(sim: ProviderSimulator): Promise<string> {
  const client = createSearchClient({ providers: [duckDuckGo(sim)] });
  const tool = createSearchInternetTool({ client, publisher: false, caller: { userId: 'bench' } });
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
 * (rendered from the same entries) for the AI SDK Tavily tool. Then ours and LangChain's again, on
 * d.js answers shaped like real ones (`tokensOnDuckDuckGoAnswers`).
 */
export async function tokensFigure(sim: ProviderSimulator): Promise<Figure> {
  sim.reset();
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
      await tavilySearch({ apiKey: TAVILY_KEY, apiBaseURL: sim.baseURL('tavily'), maxResults: RESULTS })
        .execute!({ query: QUERY }, { toolCallId: 'bench', messages: [] }),
    ),
  };
  const tokens = Object.fromEntries(Object.entries(outputs).map(([k, v]) => [k, countTokens(v)])) as Record<
    keyof typeof outputs,
    number
  >;
  const ratio = tokens.model / tokens.langchain;
  const livekitRatio = tokens.livekit / tokens.langchain;

  const shaped = await tokensOnDuckDuckGoAnswers(sim);
  // Both tools must have read every result, or the counts would compare different result sets.
  const short = shaped.find((a) => a.ourResults !== a.served || a.langchainResults !== a.served);
  if (short) {
    throw new Error(
      `"${short.query}": ${short.served} results served, ours read ${short.ourResults}, LangChain's ${short.langchainResults}`,
    );
  }
  const shapedModel = shaped.reduce((sum, a) => sum + a.modelTokens, 0);
  const shapedLangchain = shaped.reduce((sum, a) => sum + a.langchainTokens, 0);
  const shapedRatio = shapedModel / shapedLangchain;
  const ratioOf = (a: AnswerTokens) => a.modelTokens / a.langchainTokens;
  const worst = shaped.reduce((w, a) => (ratioOf(a) > ratioOf(w) ? a : w));
  const shapedResults = shaped.reduce((sum, a) => sum + a.served, 0);
  return {
    id: 'tokens',
    title: '6. Tokens the model receives for the same results',
    method: `One search for "${QUERY}" with 5 results on the simulator's pages; each tool's output as the model receives it (JSON.stringify for object outputs, as @livekit/agents and the AI SDK do), counted with js-tiktoken o200k_base. The simulator highlights the query in titles too, which real DuckDuckGo answers never do, and that markup reaches LangChain's output; so our model view and LangChain's tool are also compared on ${shaped.length} d.js answers of ${shapedResults / shaped.length} results written in the shape of captured real ones (plain titles with entities, \`<b>\` and entities in snippets, long URLs; packages/bench/src/duckduckgo-answers.ts), served by the simulator: both read the same bytes (ours through its d.js backend), with as many results as each answer holds.`,
    checks: [
      {
        name: "Tokens: our model view / LangChain's tool",
        value: `${fmt.ratio(ratio)} (${tokens.model} vs ${tokens.langchain})`,
        target: '≤ 0.75×',
        met: ratio <= TARGET,
      },
      {
        name: "Tokens on DuckDuckGo-shaped answers: our model view / LangChain's tool",
        value: `${fmt.ratio(shapedRatio)} (${shapedModel} vs ${shapedLangchain}, ${shaped.length} queries × ${shapedResults / shaped.length} results; worst query ${fmt.ratio(ratioOf(worst))})`,
        target: '≤ 0.75×',
        met: shapedRatio <= TARGET,
      },
      {
        name: "Tokens: our LiveKit tool JSON / LangChain's tool",
        value: `${fmt.ratio(livekitRatio)} (${tokens.livekit} vs ${tokens.langchain})`,
        target: '≤ 0.75×',
        met: livekitRatio <= TARGET,
        ...(livekitRatio > TARGET
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
      {
        unit: `tokens, ${shaped.length} DuckDuckGo-shaped answers (o200k_base)`,
        bars: [
          { label: 'ours: model view (renderView "model")', value: shapedModel, ours: true },
          { label: 'LangChain DuckDuckGoSearch', value: shapedLangchain, ours: false },
        ],
      },
    ],
    details: [
      ...Object.entries(outputs).map(([name, text]): [string, string] => [
        `${name}: ${tokens[name as keyof typeof outputs]} tokens, ${text.length} characters`,
        excerpt(text),
      ]),
      ...shaped.map((a): [string, string] => [
        `DuckDuckGo-shaped "${a.query}": ${a.served} results`,
        `model view ${a.modelTokens} vs LangChain ${a.langchainTokens} tokens (${fmt.ratio(ratioOf(a))}); LangChain's starts ${excerpt(a.langchain)}`,
      ]),
    ],
  };
}
