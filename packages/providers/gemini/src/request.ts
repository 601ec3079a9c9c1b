import type { SearchRequest, TimeRange } from '@agent-search/core';

/** The google_search tool: with a time range, only pages from that interval ground the answer. */
export interface GeminiGoogleSearch {
  timeRangeFilter?: { startTime: string; endTime: string };
}

const RANGE_DAYS: Readonly<Record<TimeRange, number>> = { d: 1, w: 7, m: 30, y: 365 };
const DAY_MS = 86_400_000;

/** The body of `POST /v1beta/models/{model}:generateContent` for one search (only the fields we send). */
export interface GeminiGenerateBody {
  systemInstruction: { parts: [{ text: string }] };
  contents: [{ role: 'user'; parts: [{ text: string }] }];
  tools: [{ google_search: GeminiGoogleSearch }];
  generationConfig: { maxOutputTokens: number; thinkingConfig?: { thinkingBudget: number } };
}

// Enough for a short grounded answer; a longer answer only costs more.
const MAX_OUTPUT_TOKENS = 800;

function instructionFor(request: SearchRequest): string {
  const kind = request.mode === 'news' ? 'recent news articles' : 'web pages';
  return [
    "Search Google for the user's query and answer it in a few sentences, in the query's language,",
    `grounded in ${request.maxResults} or more distinct ${kind}. Never answer from memory alone.`,
  ].join(' ');
}

/**
 * The generateContent request for a normalized search: the query, grounded with Google Search. The 2.5
 * Flash models think by default, which costs output tokens and seconds a search does not need: off for them
 * (`thinkingBudget: 0`; other models refuse it or think in their own way).
 */
export function toGenerateBody(request: SearchRequest, model: string, now = Date.now()): GeminiGenerateBody {
  const generationConfig: GeminiGenerateBody['generationConfig'] = { maxOutputTokens: MAX_OUTPUT_TOKENS };
  if (model.startsWith('gemini-2.5-flash')) generationConfig.thinkingConfig = { thinkingBudget: 0 };
  return {
    systemInstruction: { parts: [{ text: instructionFor(request) }] },
    contents: [{ role: 'user', parts: [{ text: request.query }] }],
    tools: [{ google_search: googleSearchFor(request, now) }],
    generationConfig,
  };
}

/** The tool's settings: the interval `timeRange` covers, up to now (RFC 3339). */
function googleSearchFor(request: SearchRequest, now: number): GeminiGoogleSearch {
  if (!request.timeRange) return {};
  const startTime = new Date(now - RANGE_DAYS[request.timeRange] * DAY_MS).toISOString();
  return { timeRangeFilter: { startTime, endTime: new Date(now).toISOString() } };
}
