import { useMswServer } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { duckDuckGoClient, recordingParticipant, replayDuckDuckGo, runToolTurn } from './harness.ts';

const server = useMswServer();

describe('search_internet through a voice.AgentSession', () => {
  it('smoke', async () => {
    const upstream = replayDuckDuckGo(server);
    const turn = await runToolTurn(
      { query: 'rust ownership', loading_message: 'Digging through the web...' },
      { client: duckDuckGoClient(), publisher: recordingParticipant(upstream.timeline) },
    );
    console.log(JSON.stringify(turn, null, 1).slice(0, 1500), upstream.timeline.map((e) => e.kind));
    expect(turn.output.results.length).toBe(5);
  });
});
