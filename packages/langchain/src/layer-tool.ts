import type { LayerTool } from '@agent-search/core/tool';
import { toolArgsSchema } from '@agent-search/core/web-search-schema';
import { tool } from '@langchain/core/tools';

/** A fixed value, or one read from the run's `configurable`. */
export type PerRun<T> = T | ((configurable: Record<string, unknown>) => T);

function perRun<T>(value: PerRun<T> | undefined, configurable: Record<string, unknown>): T | undefined {
  return typeof value === 'function' ? (value as (c: Record<string, unknown>) => T)(configurable) : value;
}

export interface LangChainToolOptions {
  /** Default: the tool's own name. */
  name?: string;
  /** Replaces the description the model reads. */
  description?: string;
  /** Who is asking, for per-user rate limits: fixed, or read from the run's `configurable`. */
  userId?: PerRun<string | undefined>;
  /** The caller's trust level 0..100, fixed or from the run's `configurable`, for tools that read it. */
  trust?: PerRun<number | undefined>;
}

/**
 * The one adapter from a layer tool (`@agent-search/core/tool`: `web_search`, `read_page`, the legal
 * tools) to a LangChain tool. Its arguments are the tool's schema, which refuses nothing; the model reads
 * the tool's text (the ToolMessage's `content`), the program keeps its output (the `artifact`). A failure
 * answers with the tool's sentence as content, never a throw, so an agent loop goes on.
 */
export function langChainTool(layerTool: LayerTool, options: LangChainToolOptions = {}) {
  return tool(
    async (input, config): Promise<[string, object]> => {
      const configurable = (config?.configurable ?? {}) as Record<string, unknown>;
      const answer = await layerTool.run(input, {
        userId: perRun(options.userId, configurable),
        trust: perRun(options.trust, configurable),
        ...(config?.signal ? { signal: config.signal } : {}),
      });
      return [answer.text, answer.output];
    },
    {
      name: options.name ?? layerTool.name,
      description: options.description ?? layerTool.description,
      schema: toolArgsSchema(layerTool.parameters),
      responseFormat: 'content_and_artifact',
    },
  );
}

/** Several layer tools, for an agent's tool list: `[...langChainTools(legalTools({ client }))]`. */
export function langChainTools(
  tools: readonly LayerTool[],
  options: Omit<LangChainToolOptions, 'name' | 'description'> = {},
) {
  return tools.map((t) => langChainTool(t, options));
}
