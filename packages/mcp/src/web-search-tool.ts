import { type Logger, SEARCH_MODES, type SearchClient, silentLogger } from '@agent-search/core';
import {
  isTextFormat,
  type WebSearchFormat,
  webSearchTool as webSearchLayerTool,
} from '@agent-search/core/tool';
import { webSearchArgsShape } from '@agent-search/core/web-search-schema';
import { z } from 'zod';
import { mcpTool } from './layer-tool.ts';
import type { McpTool } from './tool.ts';

/**
 * The arguments: core's one schema, which refuses nothing, so every call reaches the tool layer's one
 * lenient reading and a bad one answers in the tool's failure form (never a JSON-RPC -32602).
 */
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
  learned_by: z.string().optional(),
  learned_at: z.string().optional(),
  today: z.string().optional(),
};

export interface WebSearchToolOptions {
  client: Pick<SearchClient, 'search'>;
  /**
   * Any format the tool layer renders (env: `AGENT_SEARCH_MCP_FORMAT`). `model` (default): compact text for
   * the model, the normalized results as `structuredContent`; `xml` the same with the XML view as text.
   * `agent-server`: the `web_search_result` envelope as both, and a failure as the `web_search_error`
   * envelope's JSON. `results`, `structured`, `sources`, `json`: the format's value as both (its JSON as
   * text), a failure `{results: [], error}`'s JSON.
   */
  format?: WebSearchFormat;
  /** The trust level 0..100 of whoever calls this server (SEARCH_MEMORY_TRUST): a stranger gets 3 results. */
  trust?: number | undefined;
  logger?: Logger;
  /** "Today" for the model text's header; default the current time. */
  now?: () => Date | number;
}

/**
 * `web_search` over MCP: core's `web_search` layer tool through the generic adapter (`mcpTool`), with its
 * output schema and instructions. The model reads the layer's text; `structuredContent` holds the
 * normalized results (or the envelope). A failure is a tool error (`isError`) holding the format's failure
 * form: the sentence, or the `web_search_error` envelope. The caller is the MCP client (`mcp:<clientId>`)
 * for per-user limits.
 */
export function webSearchTool(options: WebSearchToolOptions): McpTool {
  const format = options.format ?? 'model';
  const envelope = format === 'agent-server';
  // The output schema a client may check `structuredContent` against: the text formats' normalized results,
  // the envelope; the other JSON formats' values are described by the format's docs (views.md), not here.
  const outputSchema = isTextFormat(format)
    ? webSearchOutputSchema
    : envelope
      ? webSearchEnvelopeSchema
      : undefined;
  const tool = webSearchLayerTool({
    client: options.client,
    format,
    trust: options.trust,
    logger: options.logger ?? silentLogger,
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    ...mcpTool(tool),
    ...(outputSchema ? { outputSchema } : {}),
    annotations: { readOnlyHint: true, openWorldHint: true, destructiveHint: false, idempotentHint: true },
    // The text views number results and name their sites, without URLs (structuredContent has those);
    // the JSON formats list each result's title and url.
    instructions: isTextFormat(format)
      ? 'Use web_search for anything current or that you are unsure of; cite the results you use by their number [n] and site.'
      : 'Use web_search for anything current or that you are unsure of; cite the results you use by their title and url.',
  };
}
