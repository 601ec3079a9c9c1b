/**
 * The one adapter from a layer tool (`@agent-search/core/tool`'s `LayerTool`: `search_internet`,
 * `read_page`, the legal tools, any tool a package defines) to a LiveKit `llm.tool`: the tool's parameters
 * as its zod schema plus `loading_message`, the loading status before the slow part, the caller (the
 * participant's identity unless the app says who), the turn (the reply being spoken). The model gets the
 * tool's value (its JSON object, or its text).
 */
import type { Logger } from '@agent-search/core';
import {
  type LayerTool,
  SAFE_DEFAULT_POLICY,
  type ToolCaller,
  type ToolParameter,
} from '@agent-search/core/tool';
import { toolArgsShape } from '@agent-search/core/web-search-schema';
import { llm, type voice } from '@livekit/agents';
import { z } from 'zod';
import { type PerCall, participantIdentity, resolvePerCall } from './caller.ts';
import { describeError, liveKitLogger } from './framework-logger.ts';
import { type LoadingStatusPublisher, loadingStatus, publishLoadingStatus } from './loading-status.ts';

const LOADING_MESSAGE = z
  .string()
  .nullish()
  .catch(undefined)
  .describe('A short line in your own voice shown to the user while the tool works: "Looking it up..."');

/**
 * A layer tool's arguments as LiveKit declares them: the tool's parameters (which refuse nothing, so the
 * tool's own reading decides) and `loading_message`. A required text is a string, always: strict
 * tool-schema mode then makes the model send one (an empty one is the tool's own refusal).
 */
export function liveKitParameters(parameters: readonly ToolParameter[]) {
  const shape = toolArgsShape(parameters);
  for (const parameter of parameters) {
    if (parameter.kind === 'text' && parameter.required) {
      shape[parameter.name] = z.string().describe(parameter.description);
    }
  }
  return z.object({ ...shape, loading_message: LOADING_MESSAGE });
}

/** A model's arguments, as LiveKit types them (JSON). */
type JsonValue = null | string | number | boolean | JsonValue[] | { [key: string]: JsonValue };
type ToolArguments = { [key: string]: JsonValue };

/** A layer tool as LiveKit declares it: its arguments are JSON, its answer the tool's value. */
export type LiveKitLayerTool<UserData = unknown> = llm.AnonFunctionTool<
  ToolArguments,
  UserData,
  string | object
>;

export interface LiveKitToolOptions<UserData = unknown> {
  /** Where the loading status goes (a publisher, a function, or `false` for none). Default: the job's room. */
  loadingStatus?: LoadingStatusPublisher<UserData>;
  /**
   * Who is asking, fixed or from the run context: `(ctx) => ({ userId: ctx.userData.id, trust: ctx.userData.trust })`.
   * Default user: the identity of the participant the session talks to. A callback that throws gives
   * `SAFE_DEFAULT_POLICY` (logged).
   */
  caller?: PerCall<ToolCaller | undefined, UserData>;
  /** Default: the LiveKit Agents logger once initialized, otherwise silent. */
  logger?: Logger;
}

async function resolveCaller<UserData>(
  tool: LayerTool,
  caller: PerCall<ToolCaller | undefined, UserData> | undefined,
  ctx: voice.RunContext<UserData>,
  logger: Logger,
): Promise<ToolCaller> {
  let resolved: ToolCaller;
  try {
    resolved = (await resolvePerCall(caller, ctx)) ?? {};
  } catch (error) {
    // A failing lookup (a trust score, an id) falls back to the safe default rather than failing the call.
    logger.warn({ error: describeError(error) }, `${tool.name}: caller failed; using the safe default`);
    resolved = { policy: { ...SAFE_DEFAULT_POLICY } };
  }
  return resolved.userId === undefined ? { ...resolved, userId: participantIdentity(ctx) } : resolved;
}

/** A LiveKit tool from a layer tool: `tools: { [tool.name]: liveKitTool(tool) }`. */
export function liveKitTool<UserData = unknown>(
  tool: LayerTool,
  options: LiveKitToolOptions<UserData> = {},
): LiveKitLayerTool<UserData> {
  const parameters = liveKitParameters(tool.parameters);
  const logger = options.logger ?? liveKitLogger;
  return llm.tool<UserData, typeof parameters, string | object>({
    description: tool.description,
    parameters,
    execute: async (args, { ctx, abortSignal }) => {
      const { loading_message: message, ...rawArguments } = args as Record<string, unknown>;
      const caller = await resolveCaller(tool, options.caller, ctx, logger);
      const answer = await tool.run(rawArguments, {
        ...caller,
        // The turn is the reply being spoken (its speech handle): its calls count together.
        turn: ctx?.speechHandle ? (ctx.speechHandle as object) : undefined,
        signal: abortSignal,
        beforeWork: () =>
          publishLoadingStatus(
            options.loadingStatus,
            loadingStatus(typeof message === 'string' && message.trim() ? message : tool.workingMessage),
            ctx as voice.RunContext<UserData>,
            logger,
          ),
      });
      return answer.value;
    },
  }) as unknown as LiveKitLayerTool<UserData>;
}

/** Several layer tools, keyed by the names the model calls them by, as `voice.Agent` takes them. */
export function liveKitTools<UserData = unknown>(
  tools: readonly LayerTool[],
  options: LiveKitToolOptions<UserData> = {},
): Record<string, LiveKitLayerTool<UserData>> {
  return Object.fromEntries(tools.map((tool) => [tool.name, liveKitTool(tool, options)]));
}
