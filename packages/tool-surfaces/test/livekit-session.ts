import { hang, type MswServer } from '@agent-search/testing';
import { initializeLogger, JobContext, type JobProcess, type RunningJobInfo, voice } from '@livekit/agents';
import type { Room } from '@livekit/rtc-node';
import { http } from 'msw';
import { expect } from 'vitest';

// The framework's logger must exist before a session starts; keep test output quiet.
initializeLogger({ pretty: false, level: 'silent' });

/** Tools keyed by the names the model calls them by, as `voice.Agent` takes them. */
export type Tools<UserData> = NonNullable<voice.AgentOptions<UserData>['tools']>;

export interface ToolSession<UserData> {
  session: voice.AgentSession<UserData>;
  /** The user turn in flight: the fake LLM answers it by calling the tool with `args`. */
  run: voice.testing.RunResult;
}

export interface ToolTurn<Output> {
  /** What the framework handed back to the LLM, JSON-decoded. */
  output: Output;
  /** The raw function_call_output item: `output` is the JSON text the model reads. */
  raw: { output: string; isError: boolean };
}

/** Starts a real `voice.AgentSession` whose agent has only `tools`; the fake LLM makes `call`. */
export async function startTurn<UserData = unknown>(
  tools: Tools<UserData>,
  call: { name: string; args: Record<string, unknown> },
): Promise<ToolSession<UserData>> {
  const userInput = 'please look it up';
  const llm = new voice.testing.FakeLLM([{ input: userInput, toolCalls: [call] }]);
  const session = new voice.AgentSession<UserData>({ llm, vad: null, turnHandling: { turnDetection: null } });
  const agent = new voice.Agent<UserData>({ instructions: 'You are a test agent.', tools });
  await session.start({ agent });
  return { session, run: session.run({ userInput }) };
}

/** The one tool output the framework handed back to the LLM in `run`. */
export function toolOutput<Output>(run: voice.testing.RunResult): ToolTurn<Output> {
  const outputs = run.events.filter(voice.testing.isFunctionCallOutputEvent);
  if (outputs.length !== 1) throw new Error(`expected one tool output, got ${outputs.length}`);
  const item = outputs[0]!.item;
  return { output: JSON.parse(item.output) as Output, raw: { output: item.output, isError: item.isError } };
}

/** One complete user turn; see `startTurn`. */
export async function runTurn<Output, UserData = unknown>(
  tools: Tools<UserData>,
  call: { name: string; args: Record<string, unknown> },
): Promise<ToolTurn<Output>> {
  const { session, run } = await startTurn(tools, call);
  try {
    return toolOutput<Output>(await run.wait());
  } finally {
    await session.close();
  }
}

/**
 * A job whose connected room holds one remote participant, `identity`: what a tool sees inside a real
 * LiveKit job (run the turn in `runWithJobContextAsync(job, ...)`).
 */
export function jobWithCaller(identity: string) {
  const room = {
    name: 'room-1',
    isConnected: true,
    on: () => room,
    off: () => room,
    localParticipant: { publishData: async () => {} },
    remoteParticipants: new Map([[identity, { identity }]]),
  };
  return new JobContext(
    {} as unknown as JobProcess,
    {
      acceptArguments: { name: 'agent', identity: 'agent', metadata: '' },
      job: { id: 'job-1', room: { name: 'room-1' }, attributes: {} },
      url: 'ws://localhost:7880',
      token: 'token',
      workerId: 'worker-1',
    } as unknown as RunningJobInfo,
    room as unknown as Room,
    () => {},
    () => {},
    {} as unknown as ConstructorParameters<typeof JobContext>[5],
  );
}

/** Makes `url` hang (POST) and resolves with the signal of the first request that reaches it. */
export function hangingUpstream(server: MswServer, url: string): Promise<AbortSignal> {
  return new Promise((resolve) => {
    server.use(
      http.post(url, ({ request }) => {
        resolve(request.signal);
        return hang(request, 10_000);
      }),
    );
  });
}

/**
 * Interrupts `turn` once its upstream request is in flight and checks that the request is aborted and the
 * model gets no tool output. Closes the session.
 */
export async function expectInterruptAbortsUpstream<UserData>(
  turn: ToolSession<UserData>,
  upstream: Promise<AbortSignal>,
): Promise<void> {
  try {
    const signal = await upstream;
    expect(signal.aborted).toBe(false);
    const aborted = new Promise<void>((resolve) =>
      signal.addEventListener('abort', () => resolve(), { once: true }),
    );
    await turn.session.interrupt().await;
    await aborted;
    expect(signal.aborted).toBe(true);
    await turn.run.wait().catch(() => undefined);
    // An interrupted tool call gives the model no output to act on.
    expect(() => toolOutput(turn.run)).toThrow(/got 0/);
  } finally {
    await turn.session.close();
  }
}
