import type { Logger } from '@agent-search/core';
import { GROUNDING_TOPIC, groundingMessage, type ProvenanceCollector } from '@agent-search/core/tool';
import { voice } from '@livekit/agents';
import { frameworkLogger } from './framework-logger.ts';
import { type DataPublisher, jobRoom } from './loading-status.ts';

export interface PublishGroundingOptions {
  /** Where the message goes. Default: the agent's participant in the job's room. */
  publisher?: DataPublisher;
  logger?: Logger;
}

/**
 * After each reply the agent adds to the conversation, publishes the sources of the searches it used
 * (everything `collector` gathered since the previous reply) as a reliable data message on the
 * `grounding` topic: `{type: 'grounding', text, sources}`. Replies without a search publish nothing. A
 * failed publish is logged, never thrown. Returns a function that stops publishing.
 */
export function publishGroundingAfterReplies<UserData>(
  session: voice.AgentSession<UserData>,
  collector: ProvenanceCollector,
  options: PublishGroundingOptions = {},
): () => void {
  const onItem = (event: voice.ConversationItemAddedEvent) => {
    const item = event.item as { type?: string; role?: string };
    if (item.type !== 'message' || item.role !== 'assistant') return;
    const message = groundingMessage(collector.take());
    if (!message) return;
    const logger = options.logger ?? frameworkLogger();
    const publisher = options.publisher ?? jobRoom()?.localParticipant;
    if (!publisher) {
      logger.warn({ topic: GROUNDING_TOPIC }, 'no connected room: sources not published');
      return;
    }
    const bytes = new TextEncoder().encode(JSON.stringify(message));
    Promise.resolve()
      .then(() => publisher.publishData(bytes, { reliable: true, topic: GROUNDING_TOPIC }))
      .catch((error: unknown) =>
        logger.warn(
          { topic: GROUNDING_TOPIC, error: error instanceof Error ? error.message : String(error) },
          'failed to publish the sources of a reply',
        ),
      );
  };
  session.on(voice.AgentSessionEventTypes.ConversationItemAdded, onItem);
  return () => session.off(voice.AgentSessionEventTypes.ConversationItemAdded, onItem);
}
