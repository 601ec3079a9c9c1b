import { regionCountry, type SearchRequest } from '@agent-search/core';

/** The web_search tool as the request declares it. */
export interface OpenAIWebSearchTool {
  type: 'web_search';
  /** How much page text the model reads: "low" is the cheapest and fastest. */
  search_context_size: 'low' | 'medium' | 'high';
  filters?: { allowed_domains: string[] };
  user_location?: { type: 'approximate'; country: string };
}

/** The body of `POST /v1/responses` for one search (only the fields we send). */
export interface OpenAIResponsesBody {
  model: string;
  instructions: string;
  input: string;
  tools: [OpenAIWebSearchTool];
  /** The model must search, not answer from memory. */
  tool_choice: 'required';
  /** One search per request: each costs a tool call fee. */
  max_tool_calls: number;
  max_output_tokens: number;
  /** Nothing kept on OpenAI's side beyond what its policy requires. */
  store: false;
}

// Enough for a short answer citing ten sources; a longer answer only costs more.
const MAX_OUTPUT_TOKENS = 800;

/** What the model is told to do with the query: search once and cite what it found. */
function instructionsFor(request: SearchRequest): string {
  const kind = request.mode === 'news' ? 'recent news articles' : 'web pages';
  return [
    `Search the web for the user's query and answer it in a few sentences, in the query's language.`,
    `Cite ${request.maxResults} or more distinct ${kind}, each claim with its source.`,
    'Never answer from memory alone.',
  ].join(' ');
}

/** The Responses API request for a normalized search. */
export function toResponsesBody(request: SearchRequest, model: string): OpenAIResponsesBody {
  const tool: OpenAIWebSearchTool = { type: 'web_search', search_context_size: 'low' };
  // OpenAI takes bare domains ("openai.com", subdomains included), at most 100 of them.
  if (request.includeDomains.length > 0)
    tool.filters = { allowed_domains: request.includeDomains.slice(0, 100) };
  const country = regionCountry(request.region);
  if (country) tool.user_location = { type: 'approximate', country: country.toUpperCase() };
  return {
    model,
    instructions: instructionsFor(request),
    input: request.query,
    tools: [tool],
    tool_choice: 'required',
    max_tool_calls: 1,
    max_output_tokens: MAX_OUTPUT_TOKENS,
    store: false,
  };
}
