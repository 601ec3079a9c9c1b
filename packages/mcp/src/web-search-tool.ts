import {
  isSearchError,
  type Logger,
  SEARCH_MODES,
  type SearchClient,
  silentLogger,
} from '@agent-search/core';
import {
  CANCELLED_ERROR,
  WEB_SEARCH_TOOL_NAME,
  type WebSearchToolFormat,
  webSearchAnswer,
  webSearchFailure,
  webSearchRequest,
  webSearchToolDescription,
} from '@agent-search/core/views';
import { webSearchArgsShape } from '@agent-search/core/web-search-schema';
import { z } from 'zod';
import { defineMcpTool, type McpTool, toolError } from './tool.ts';

/** The arguments, strict: a model that sends a wrong value is told which one, instead of a silent default. */
export const webSearchInputSchema = webSearchArgsShape;

const resultSchema = z.looseObject({
  title: z.string(),
  url: z.string(),
  snippet: z.string(),
  source: z.string(),
  provider: z.string(),
  publishedAt: z.string().optional(),
});

/** `structuredContent`: the normalized results (core's `WebSearchOutput`). */
export const webSearchOutputSchema = {
  query: z.string(),
  mode: z.enum(SEARCH_MODES),
  provider: z.string(),
  cached: z.boolean(),
  fetchedAt: z.string(),
  results: z.array(resultSchema),
  stale: z.literal(true).optional(),
  note: z.string().optional(),
  /** An answer from a search memory (SEARCH_MEMORY_BOT_ID): which bot learned it, and when. */
  learned: z
    .object({ botId: z.string(), botName: z.string(), learnedAt: z.string(), note: z.string() })
    .optional(),
};

/** `structuredContent` in the `agent-server` format: the envelope itself. */
export const webSearchEnvelopeSchema = {
  type: z.literal('web_search_result'),
  query: z.string(),
  results: z.array(z.object({ title: z.string(), url: z.string(), snippet: z.string() })),
  count: z.number(),
  cached: z.literal(true).optional(),
  stale: z.literal(true).optional(),
  fetched_at: z.string().optional(),
  note: z.string().optional(),
};

export interface WebSearchToolOptions {
  client: Pick<SearchClient, 'search'>;
  /**
   * `model` (default): compact text for the model, the normalized results as `structuredContent`.
   * `agent-server`: the `web_search_result` envelope as both, and a failure as the `web_search_error`
   * envelope's JSON (env: `AGENT_SEARCH_MCP_FORMAT`).
   */
  format?: WebSearchToolFormat;
  logger?: Logger;
  /** "Today" for the model text's header; default the current time. */
  now?: () => Date | number;
}

/**
 * `web_search`: results as core's compact model text (what the model reads) and, in `structuredContent`,
 * the normalized results (what a program keeps). Failures are tool errors with the LiveKit tool's
 * sentences; the rate limit is per client (every session of one address counts together).
 */
export function webSearchTool(options: WebSearchToolOptions): McpTool {
  /** A failure known before or besides the search (a cancelled call), in the tool's format. */
  const failure = (query: string, message: string, errorType: string) =>
    toolError(
      options.format === 'agent-server'
        ? JSON.stringify({ type: 'web_search_error', query, error: message, error_type: errorType })
        : message,
    );
  const logger = options.logger ?? silentLogger;
  const envelope = options.format === 'agent-server';
  return defineMcpTool({
    name: WEB_SEARCH_TOOL_NAME,
    title: 'Web search',
    description: webSearchToolDescription(options.format),
    inputSchema: webSearchInputSchema,
    outputSchema: envelope ? webSearchEnvelopeSchema : webSearchOutputSchema,
    annotations: { readOnlyHint: true, openWorldHint: true, destructiveHint: false, idempotentHint: true },
    // The model text numbers results and names their sites, without URLs (structuredContent has those);
    // the envelope lists each result's title and url.
    instructions: envelope
      ? 'Use web_search for anything current or that you are unsure of; cite the results you use by their title and url.'
      : 'Use web_search for anything current or that you are unsure of; cite the results you use by their number [n] and site.',
    async call(args, { signal, clientId }) {
      const request = webSearchRequest(args);
      try {
        const response = await options.client.search(request, {
          signal,
          userId: `mcp:${clientId}`,
        });
        const answer = webSearchAnswer(response, options.format, options.now ? { now: options.now() } : {});
        return { content: [{ type: 'text', text: answer.text }], structuredContent: { ...answer.output } };
      } catch (error) {
        if (signal.aborted) return failure(request.query, CANCELLED_ERROR, 'cancelled');
        logger.warn(
          isSearchError(error)
            ? { code: error.code, provider: error.provider, message: error.message }
            : { code: 'unexpected', error: error instanceof Error ? error.name : typeof error },
          'web_search failed',
        );
        return toolError(webSearchFailure(request.query, error, options.format).text);
      }
    },
  });
}
