import type { voice } from '@livekit/agents';
import { jobRoom } from './loading-status.ts';

/** A fixed value, or one worked out for each call from the run context. */
export type PerCall<T, UserData = unknown> = T | ((ctx: voice.RunContext<UserData>) => T | Promise<T>);

export async function resolvePerCall<T, UserData>(
  value: PerCall<T, UserData> | undefined,
  ctx: voice.RunContext<UserData>,
): Promise<T | undefined> {
  return typeof value === 'function'
    ? (value as (ctx: voice.RunContext<UserData>) => T | Promise<T>)(ctx)
    : value;
}

interface SessionWithRoomIO {
  _roomIO?: { linkedParticipant?: { identity?: string } };
}

/**
 * Identity of the person the agent is talking to: the participant the session is linked to, or the only
 * remote participant in the job's room. Undefined when neither is known (tests, console mode).
 */
export function participantIdentity<UserData>(ctx: voice.RunContext<UserData>): string | undefined {
  // `_roomIO` is marked internal in @livekit/agents; read it defensively so a rename degrades to "unknown".
  const linked = (ctx.session as unknown as SessionWithRoomIO)._roomIO?.linkedParticipant?.identity;
  if (linked) return linked;
  const remote = (jobRoom() as { remoteParticipants?: Map<string, { identity: string }> } | undefined)
    ?.remoteParticipants;
  if (remote?.size === 1) return [...remote.values()][0]?.identity;
  return undefined;
}
