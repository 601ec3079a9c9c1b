import { cleanText, type Logger } from '@agent-search/core';
import { getJobContext, type voice } from '@livekit/agents';

export const LOADING_STATUS_TOPIC = 'loading-status';
export const DEFAULT_LOADING_MESSAGE = 'Searching the web…';

/** The data message a front end receives on the `loading-status` topic. */
export interface LoadingStatus {
  type: 'loading-status';
  text: string;
}

/** Anything that can publish a data message: a `LocalParticipant`, or a double in tests. */
export interface DataPublisher {
  publishData(data: Uint8Array, options: { reliable?: boolean; topic?: string }): Promise<void>;
}

/** Publishes the status itself (to a chat, a text stream, another room…). */
export type LoadingStatusPublishFn<UserData = unknown> = (
  status: LoadingStatus,
  ctx: voice.RunContext<UserData>,
) => void | Promise<void>;

/**
 * Where loading statuses go: a participant, a function, or `false` for nowhere. When not given, the
 * agent's participant in the job's room.
 */
export type LoadingStatusPublisher<UserData = unknown> =
  | DataPublisher
  | LoadingStatusPublishFn<UserData>
  | false;

interface RoomLike {
  isConnected?: boolean;
  localParticipant?: DataPublisher;
}

/** The job's room, or undefined outside a job (tests, scripts) where `getJobContext` throws. */
export function jobRoom(): RoomLike | undefined {
  try {
    return getJobContext().room as RoomLike;
  } catch {
    return undefined;
  }
}

export function loadingStatus(message: string | null | undefined): LoadingStatus {
  const text = cleanText(message ?? '', 200);
  return { type: 'loading-status', text: text === '' ? DEFAULT_LOADING_MESSAGE : text };
}

async function publishData(publisher: DataPublisher, status: LoadingStatus): Promise<void> {
  const bytes = new TextEncoder().encode(JSON.stringify(status));
  await publisher.publishData(bytes, { reliable: true, topic: LOADING_STATUS_TOPIC });
}

/**
 * Publishes a loading status and never throws: a front end missing a spinner must not cost the user
 * their answer. Waits at most `timeoutMs` so a stuck publish cannot delay the search.
 */
export async function publishLoadingStatus<UserData>(
  publisher: LoadingStatusPublisher<UserData> | undefined,
  status: LoadingStatus,
  ctx: voice.RunContext<UserData>,
  logger: Logger,
  timeoutMs = 1_000,
): Promise<void> {
  if (publisher === false) return;
  let publishing: Promise<void>;
  try {
    if (typeof publisher === 'function') publishing = Promise.resolve(publisher(status, ctx));
    else if (publisher) publishing = publishData(publisher, status);
    else {
      const room = jobRoom();
      if (!room?.isConnected || !room.localParticipant) {
        logger.warn({ topic: LOADING_STATUS_TOPIC }, 'no connected room: loading status not published');
        return;
      }
      publishing = publishData(room.localParticipant, status);
    }
  } catch (error) {
    publishing = Promise.reject(error);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const outcome = await Promise.race([publishing, deadline]);
    if (outcome === 'timeout') {
      logger.warn(
        { topic: LOADING_STATUS_TOPIC, timeoutMs },
        'loading status publish is slow; searching anyway',
      );
    }
  } catch (error) {
    logger.warn(
      { topic: LOADING_STATUS_TOPIC, error: error instanceof Error ? error.message : String(error) },
      'failed to publish loading status; searching anyway',
    );
  } finally {
    clearTimeout(timer);
  }
}
