import { toModelText } from '../views/model-text.ts';
import {
  WEB_SEARCH_TOOL_NAME,
  type WebSearchOutput,
  webSearchToolDescription,
} from '../views/web-search-tool.ts';
import { defineTool, type LayerTool, type ToolCall } from './define.ts';
import { WEB_SEARCH_PARAMETERS } from './parameters.ts';
import { TurnBudget } from './policy.ts';
import { runWebSearchTool, type WebSearchToolContext } from './run.ts';

/** What a surface fixes for every call of `web_search`; the per-call part (`ToolCall`) comes from its caller. */
export type WebSearchToolSetup = Omit<WebSearchToolContext, 'userId' | 'signal' | 'beforeSearch' | 'turn'> & {
  /** Replaces the description the model reads. */
  description?: string | undefined;
  /** Counts searches per user turn (a call's `turn`) for the policy's `followUps`; share one between tools. Default: the tool's own. */
  turnBudget?: TurnBudget | undefined;
};

/** The smaller of two optional bounds. */
function smaller(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}

/** The caller's policy: the call's (its `policy` or `trust`) when it gives one, else the setup's. */
function policyOf(
  setup: Pick<WebSearchToolContext, 'policy' | 'trust'>,
  call: ToolCall,
): Pick<WebSearchToolContext, 'policy' | 'trust'> {
  return call.policy === undefined && call.trust === undefined
    ? { policy: setup.policy, trust: setup.trust }
    : { policy: call.policy, trust: call.trust };
}

/**
 * `web_search` as a layer tool: `runWebSearchTool` with the setup fixed and the call's caller (user,
 * trust or policy, result bound, provenance, turn, signal, loading status) mapped in. A call's `trust` or
 * `policy` wins over the setup's; of two result bounds the smaller.
 */
export function webSearchTool(setup: WebSearchToolSetup): LayerTool {
  const { description, turnBudget = new TurnBudget(), ...context } = setup;
  const format = context.format ?? 'model';
  return defineTool({
    name: WEB_SEARCH_TOOL_NAME,
    title: 'Web search',
    description:
      description ?? webSearchToolDescription(format === 'agent-server' ? 'agent-server' : 'model'),
    parameters: WEB_SEARCH_PARAMETERS,
    workingMessage: 'Searching the web…',
    // A text format's output is the normalized results, which the model view renders again.
    ...(format === 'model' ? { textOf: (output: object) => toModelText(output as WebSearchOutput) } : {}),
    run: async (rawArguments: unknown, call: ToolCall) => {
      const answer = await runWebSearchTool(rawArguments, {
        ...context,
        ...policyOf(context, call),
        userId: call.userId,
        maxResults: smaller(context.maxResults, call.maxResults),
        provenance: call.provenance ?? context.provenance,
        turn: call.turn === undefined ? undefined : { id: call.turn, budget: turnBudget },
        signal: call.signal,
        beforeSearch: call.beforeWork,
      });
      return { text: answer.text, value: answer.value, output: answer.output, isError: answer.isError };
    },
  });
}
