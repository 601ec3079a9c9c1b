import { WEB_SEARCH_TOOL_NAME, webSearchToolDescription } from '../views/web-search-tool.ts';
import { defineTool, type LayerTool, type ToolCall } from './define.ts';
import { WEB_SEARCH_PARAMETERS } from './parameters.ts';
import { runWebSearchTool, type WebSearchToolContext } from './run.ts';

/** What a surface fixes for every call of `web_search`; the per-call part (`ToolCall`) comes from its caller. */
export type WebSearchToolSetup = Omit<WebSearchToolContext, 'userId' | 'signal' | 'beforeSearch'> & {
  /** Replaces the description the model reads. */
  description?: string | undefined;
};

/**
 * `web_search` as a layer tool: `runWebSearchTool` with the setup fixed and the call's caller (user,
 * trust, signal, loading status) mapped in. A call's `trust` wins over the setup's.
 */
export function webSearchTool(setup: WebSearchToolSetup): LayerTool {
  const { description, ...context } = setup;
  const format = context.format ?? 'model';
  return defineTool({
    name: WEB_SEARCH_TOOL_NAME,
    title: 'Web search',
    description:
      description ?? webSearchToolDescription(format === 'agent-server' ? 'agent-server' : 'model'),
    parameters: WEB_SEARCH_PARAMETERS,
    workingMessage: 'Searching the web…',
    run: async (rawArguments: unknown, call: ToolCall) => {
      const answer = await runWebSearchTool(rawArguments, {
        ...context,
        userId: call.userId,
        ...(call.trust === undefined ? {} : { trust: call.trust }),
        signal: call.signal,
        beforeSearch: call.beforeWork,
      });
      return { text: answer.text, value: answer.value, output: answer.output, isError: answer.isError };
    },
  });
}
