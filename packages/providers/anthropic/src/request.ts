import { regionCountry, type SearchRequest } from '@agent-search/core';

/** The web_search server tool as the request declares it. */
export interface AnthropicWebSearchTool {
  type: 'web_search_20250305';
  name: 'web_search';
  /** Searches per request: each costs a search fee. */
  max_uses: number;
  allowed_domains?: string[];
  blocked_domains?: string[];
  user_location?: { type: 'approximate'; country: string };
}

/** The body of `POST /v1/messages` for one search (only the fields we send). */
export interface AnthropicMessagesBody {
  model: string;
  max_tokens: number;
  system: string;
  messages: [{ role: 'user'; content: string }];
  tools: [AnthropicWebSearchTool];
}

// Enough for a short answer citing ten sources; a longer answer only costs more.
const MAX_TOKENS = 800;

function systemFor(request: SearchRequest): string {
  const kind = request.mode === 'news' ? 'recent news articles' : 'web pages';
  return [
    "Search the web once for the user's query, then answer it in a few sentences, in the query's language.",
    `Cite ${request.maxResults} or more distinct ${kind}.`,
    'Never answer from memory alone.',
  ].join(' ');
}

/** The Messages API request for a normalized search. */
export function toMessagesBody(request: SearchRequest, model: string): AnthropicMessagesBody {
  const tool: AnthropicWebSearchTool = { type: 'web_search_20250305', name: 'web_search', max_uses: 1 };
  // Anthropic takes one list or the other, not both: the allow-list wins, core drops excluded domains after.
  if (request.includeDomains.length > 0) tool.allowed_domains = [...request.includeDomains];
  else if (request.excludeDomains.length > 0) tool.blocked_domains = [...request.excludeDomains];
  const country = regionCountry(request.region);
  if (country) tool.user_location = { type: 'approximate', country: country.toUpperCase() };
  return {
    model,
    max_tokens: MAX_TOKENS,
    system: systemFor(request),
    messages: [{ role: 'user', content: request.query }],
    tools: [tool],
  };
}
