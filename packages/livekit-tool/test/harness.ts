import { createSearchClient, type SearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import {
  type DuckDuckGoWebEntry,
  duckDuckGoHtmlPage,
  newsJs,
  vJs,
  vqdPage,
} from '@agent-search/provider-duckduckgo/testing';
import { hang, type MswServer } from '@agent-search/testing';
import { initializeLogger, JobContext, type JobProcess, type RunningJobInfo, voice } from '@livekit/agents';
import type { Room } from '@livekit/rtc-node';
import { HttpResponse, http } from 'msw';
import { expect } from 'vitest';
import {
  createSearchInternetTool,
  type DataPublisher,
  SEARCH_TOOL_NAME,
  type SearchInternetToolOptions,
} from '../src/index.ts';
import { newsEntries, videoEntries, webEntries } from './fixtures/duckduckgo.ts';

// The framework's logger must exist before a session starts; keep test output quiet.
initializeLogger({ pretty: false, level: 'silent' });

export const HTML_URL = 'https://html.duckduckgo.com/html/';
const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };

/** Every upstream request and loading-status publish, in the order they happened. */
export type TimelineEntry =
  | { kind: 'publish'; message: unknown; options: { reliable?: boolean; topic?: string } }
  | { kind: 'upstream'; endpoint: 'html' | 'vqd' | 'news' | 'videos'; url: URL; form?: URLSearchParams };

export interface Upstream {
  timeline: TimelineEntry[];
  requests(): Extract<TimelineEntry, { kind: 'upstream' }>[];
}

/** msw handlers replaying DuckDuckGo: `count` results for every endpoint. */
export function replayDuckDuckGo(
  server: MswServer,
  options: { count?: number; web?: DuckDuckGoWebEntry[] } = {},
) {
  const timeline: TimelineEntry[] = [];
  const count = options.count ?? 12;
  server.use(
    http.post(HTML_URL, async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      timeline.push({ kind: 'upstream', endpoint: 'html', url: new URL(request.url), form });
      const query = form.get('q') ?? '';
      return HttpResponse.html(duckDuckGoHtmlPage(query, options.web ?? webEntries(count, query)));
    }),
    http.get('https://duckduckgo.com/', ({ request }) => {
      const url = new URL(request.url);
      timeline.push({ kind: 'upstream', endpoint: 'vqd', url });
      return HttpResponse.html(vqdPage(url.searchParams.get('q') ?? ''));
    }),
    http.get('https://duckduckgo.com/news.js', ({ request }) => {
      const url = new URL(request.url);
      timeline.push({ kind: 'upstream', endpoint: 'news', url });
      const query = url.searchParams.get('q') ?? '';
      return new HttpResponse(newsJs(query, newsEntries(count, query)), { headers: JSON_TYPE });
    }),
    http.get('https://duckduckgo.com/v.js', ({ request }) => {
      const url = new URL(request.url);
      timeline.push({ kind: 'upstream', endpoint: 'videos', url });
      const query = url.searchParams.get('q') ?? '';
      return new HttpResponse(vJs(query, videoEntries(count, query)), { headers: JSON_TYPE });
    }),
  );
  return {
    timeline,
    requests: () =>
      timeline.filter((e): e is Extract<TimelineEntry, { kind: 'upstream' }> => e.kind === 'upstream'),
  } satisfies Upstream;
}

/** A local participant double that records what it publishes into `timeline`. */
export function recordingParticipant(timeline: TimelineEntry[]): DataPublisher {
  return {
    async publishData(data, options) {
      timeline.push({ kind: 'publish', message: JSON.parse(new TextDecoder().decode(data)), options });
    },
  };
}

/**
 * The real client over the real DuckDuckGo provider (its default backends: HTML, then d.js). Deadlines
 * are generous unless a test sets them, so a loaded machine cannot turn an answer into a timeout.
 */
export function duckDuckGoClient(options: { timeoutMs?: number } = {}): SearchClient {
  const timeoutMs = options.timeoutMs ?? 30_000;
  return createSearchClient({
    providers: [createDuckDuckGoProvider()],
    timeoutMs,
    attemptTimeoutMs: timeoutMs,
  });
}

export { type RecordingLogger, recordingLogger } from '@agent-search/testing';

/** The default `results` format's `{results, error}` output, as the model receives it. */
export interface ResultsOutput {
  results: Record<string, unknown>[];
  error?: string;
  cached?: true;
}

export interface ToolTurn<Output = ResultsOutput> {
  /** What the framework handed back to the LLM, JSON-decoded (a text view decodes to its string). */
  output: Output;
  /** The raw function_call_output item: `output` is the JSON text the model reads. */
  raw: { output: string; isError: boolean };
}

export interface ToolSession<UserData> {
  session: voice.AgentSession<UserData>;
  /** The user turn in flight: the fake LLM answers it by calling the tool with `args`. */
  run: voice.testing.RunResult;
}

/** Tools keyed by the names the model calls them by, as `voice.Agent` takes them. */
export type Tools<UserData> = NonNullable<voice.AgentOptions<UserData>['tools']>;

export interface ToolCall {
  name: string;
  args: Record<string, unknown>;
}

/** Starts a real `voice.AgentSession` whose agent has only `tools`; the fake LLM makes `call`. */
export async function startTurn<UserData = unknown>(
  tools: Tools<UserData>,
  call: ToolCall,
  sessionOptions: { userData?: UserData } = {},
): Promise<ToolSession<UserData>> {
  const userInput = 'please look it up';
  const llm = new voice.testing.FakeLLM([{ input: userInput, toolCalls: [call] }]);
  const session = new voice.AgentSession<UserData>({
    llm,
    vad: null,
    turnHandling: { turnDetection: null },
    ...(sessionOptions.userData === undefined ? {} : { userData: sessionOptions.userData }),
  });
  const agent = new voice.Agent<UserData>({ instructions: 'You are a test agent.', tools });
  await session.start({ agent });
  return { session, run: session.run({ userInput }) };
}

/** The one tool output the framework handed back to the LLM in `run`. */
export function toolOutput<Output = ResultsOutput>(run: voice.testing.RunResult): ToolTurn<Output> {
  const outputs = run.events.filter(voice.testing.isFunctionCallOutputEvent);
  if (outputs.length !== 1) throw new Error(`expected one tool output, got ${outputs.length}`);
  const item = outputs[0]!.item;
  return { output: JSON.parse(item.output) as Output, raw: { output: item.output, isError: item.isError } };
}

/** One complete user turn; see `startTurn`. */
export async function runTurn<Output = ResultsOutput, UserData = unknown>(
  tools: Tools<UserData>,
  call: ToolCall,
  sessionOptions: { userData?: UserData } = {},
): Promise<ToolTurn<Output>> {
  const { session, run } = await startTurn(tools, call, sessionOptions);
  try {
    return toolOutput<Output>(await run.wait());
  } finally {
    await session.close();
  }
}

/** A turn in which the fake LLM calls `search_internet` with `args`. */
export function startToolTurn<UserData = unknown>(
  args: Record<string, unknown>,
  toolOptions: SearchInternetToolOptions<UserData>,
  sessionOptions: { userData?: UserData } = {},
): Promise<ToolSession<UserData>> {
  const tools = { [SEARCH_TOOL_NAME]: createSearchInternetTool(toolOptions) };
  return startTurn(tools, { name: SEARCH_TOOL_NAME, args }, sessionOptions);
}

/** One complete `search_internet` turn; see `startToolTurn`. */
export function runToolTurn<Output = ResultsOutput, UserData = unknown>(
  args: Record<string, unknown>,
  toolOptions: SearchInternetToolOptions<UserData>,
  sessionOptions: { userData?: UserData } = {},
): Promise<ToolTurn<Output>> {
  const tools = { [SEARCH_TOOL_NAME]: createSearchInternetTool(toolOptions) };
  return runTurn<Output, UserData>(tools, { name: SEARCH_TOOL_NAME, args }, sessionOptions);
}

/**
 * A job whose connected room holds one remote participant, `identity`: what a tool sees inside a real
 * LiveKit job (run the turn in `runWithJobContextAsync(job, ...)`). Loading-status data goes to `local`.
 */
export function jobWithCaller(identity: string, local: DataPublisher = { publishData: async () => {} }) {
  const room = {
    name: 'room-1',
    isConnected: true,
    on: () => room,
    off: () => room,
    localParticipant: local,
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
