/**
 * The one adapter from a layer tool (`@agent-search/core/tool`'s `LayerTool`: `read_page`, the legal
 * tools, any tool a package defines) to a LiveKit `llm.tool`: the tool's parameters as its zod schema plus
 * `loading_message`, the loading status before the slow part, the participant's identity as the caller.
 * The model gets the tool's value (its JSON object, or its text).
 */
import type { LayerTool } from '@agent-search/core/tool';
import { toolArgsShape } from '@agent-search/core/web-search-schema';
import { llm, type voice } from '@livekit/agents';
import { z } from 'zod';
import { type PerCall, participantIdentity, resolvePerCall } from './caller.ts';
import { frameworkLogger } from './framework-logger.ts';
import { type LoadingStatusPublisher, loadingStatus, publishLoadingStatus } from './loading-status.ts';

const LOADING_MESSAGE = z
  .string()
  .nullish()
  .catch(undefined)
  .describe('A short line in your own voice shown to the user while the tool works: "Looking it up..."');

/** A layer tool as LiveKit declares it: its arguments are JSON, its answer the tool's value. */

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
  /** Who is asking, for per-user limits. Default: the identity of the participant the session talks to. */
  userId?: PerCall<string | undefined, UserData>;
  /** The caller's trust level 0..100, for tools that read it. */
  trust?: PerCall<number | undefined, UserData>;
}

/** A LiveKit tool from a layer tool: `tools: { [tool.name]: liveKitTool(tool) }`. */
export function liveKitTool<UserData = unknown>(
  tool: LayerTool,
  options: LiveKitToolOptions<UserData> = {},
): LiveKitLayerTool<UserData> {
  const parameters = z.object({ ...toolArgsShape(tool.parameters), loading_message: LOADING_MESSAGE });
  return llm.tool<UserData, typeof parameters, string | object>({
    description: tool.description,
    parameters,
    execute: async (args, { ctx, abortSignal }) => {
      const { loading_message: message, ...rawArguments } = args as Record<string, unknown>;
      const userId = (await resolvePerCall(options.userId, ctx)) ?? participantIdentity(ctx);
      const trust = await resolvePerCall(options.trust, ctx);
      const answer = await tool.run(rawArguments, {
        userId,
        trust,
        signal: abortSignal,
        beforeWork: () =>
          publishLoadingStatus(
            options.loadingStatus,
            loadingStatus(typeof message === 'string' && message.trim() ? message : tool.workingMessage),
            ctx as voice.RunContext<UserData>,
            frameworkLogger(),
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
