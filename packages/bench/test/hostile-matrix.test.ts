import { main } from '@agent-search/cli';
import {
  createSearchClient,
  type ProviderDefinition,
  renderView,
  type SearchProvider,
  type SearchResponse,
  toAgentServerError,
  VIEW_FORMATS,
} from '@agent-search/core';
import {
  createSearchInternetTool,
  SEARCH_TOOL_FORMATS,
  type SearchToolFormat,
} from '@agent-search/livekit-tool';
import { providerDefinition as brave, createBraveProvider } from '@agent-search/provider-brave';
import {
  createDuckDuckGoProvider,
  providerDefinition as duckduckgo,
} from '@agent-search/provider-duckduckgo';
import { createExaProvider, providerDefinition as exa } from '@agent-search/provider-exa';
import {
  createPerplexityProvider,
  providerDefinition as perplexity,
} from '@agent-search/provider-perplexity';
import { createSearxngProvider, providerDefinition as searxng } from '@agent-search/provider-searxng';
import { createTavilyProvider, providerDefinition as tavily } from '@agent-search/provider-tavily';
import {
  HOSTILE_PROVIDERS,
  HOSTILE_ROUTES,
  type HostileAnswer,
  type HostileProvider,
  type HostileUpstream,
  hostileError,
  hostileResults,
  hugeAnswer,
  slowDrip,
  startHostileUpstream,
  UNSAFE_CHARACTERS,
} from '@agent-search/testing';
import { initializeLogger, voice } from '@livekit/agents';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/**
 * Every provider × every output a person or a model reads, against a loopback upstream that answers the
 * way a compromised or broken one would (packages/testing's hostile upstream). Whatever it sends: nothing
 * crashes, no raw control or bidi character and no `<script>` reaches any output, no result line is a
 * forged citation, no API key appears, big and slow bodies end within the deadline, and a redirect to
 * another origin never carries the key there.
 */

const KEYS: Record<HostileProvider, string | undefined> = {
  duckduckgo: undefined,
  tavily: 'tvly-dev-MATRIX0secret0key0do0not0leak',
  exa: 'exa-MATRIX-4f1c9a7e-secret-key-do-not-leak',
  perplexity: 'pplx-MATRIX0secret0key0do0not0leak0000',
  brave: 'BSA-MATRIX0secret0key0do0not0leak00000',
  searxng: undefined,
};
const SECRETS = Object.values(KEYS).filter((k): k is string => k !== undefined);
const NAMES: Record<HostileProvider, string> = {
  duckduckgo: 'DuckDuckGo',
  tavily: 'Tavily',
  exa: 'Exa',
  perplexity: 'Perplexity',
  brave: 'Brave',
  searxng: 'SearXNG',
};
const DEADLINE_MS = 1_500;

initializeLogger({ pretty: false, level: 'silent' });
const MB = 1024 * 1024;

let upstream: HostileUpstream;
let elsewhere: HostileUpstream;
beforeAll(async () => {
  upstream = await startHostileUpstream();
  elsewhere = await startHostileUpstream();
});
afterAll(async () => {
  await upstream?.close();
  await elsewhere?.close();
});
beforeEach(() => {
  upstream.reset();
  elsewhere.reset();
});

/** The provider, pointed at the hostile upstream (DuckDuckGo's HTML endpoint only: d.js has fixed URLs). */
function providerFor(id: HostileProvider): SearchProvider {
  const urls = upstream.urls;
  switch (id) {
    case 'duckduckgo':
      return createDuckDuckGoProvider({ baseURL: urls.duckduckgo, textBackends: ['html'] });
    case 'tavily':
      return createTavilyProvider({ apiKey: KEYS.tavily, baseURL: urls.tavily });
    case 'exa':
      return createExaProvider({ apiKey: KEYS.exa, baseURL: urls.exa });
    case 'perplexity':
      return createPerplexityProvider({ apiKey: KEYS.perplexity, baseURL: urls.perplexity });
    case 'brave':
      return createBraveProvider({ apiKey: KEYS.brave, baseURL: urls.brave });
    case 'searxng':
      return createSearxngProvider({ baseURL: urls.searxng });
  }
}

// The command's own provider list, with DuckDuckGo kept to the endpoint DUCKDUCKGO_HTML_URL configures.
const CLI_DEFINITIONS: ProviderDefinition[] = [
  {
    ...duckduckgo,
    load: async () => ({
      fromEnv: (env) =>
        createDuckDuckGoProvider({ baseURL: env.DUCKDUCKGO_HTML_URL ?? '', textBackends: ['html'] }),
    }),
  },
  tavily,
  exa,
  perplexity,
  brave,
  searxng,
];

function cliEnv(id: HostileProvider): Record<string, string> {
  const urls = upstream.urls;
  return {
    SEARCH_PROVIDER_PRIORITY: id,
    SEARCH_TIMEOUT_MS: String(DEADLINE_MS),
    AGENT_SEARCH_STATE_DIR: 'off',
    NO_COLOR: '1',
    TAVILY_API_KEY: KEYS.tavily!,
    EXA_API_KEY: KEYS.exa!,
    PERPLEXITY_API_KEY: KEYS.perplexity!,
    BRAVE_API_KEY: KEYS.brave!,
    BRAVE_BASE_URL: urls.brave,
    SEARXNG_URL: urls.searxng,
    TAVILY_BASE_URL: urls.tavily,
    EXA_BASE_URL: urls.exa,
    PERPLEXITY_BASE_URL: urls.perplexity,
    DUCKDUCKGO_HTML_URL: urls.duckduckgo,
  };
}

interface Output {
  /** "cli text", "tool results", "view model", ... */
  surface: string;
  text: string;
}

async function runCli(id: HostileProvider, format: string): Promise<Output[]> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['hostile query', '--format', format, '--no-cache'], {
    env: cliEnv(id),
    stdout: { write: (c: string) => out.push(c), isTTY: false, columns: 100 },
    stderr: { write: (c: string) => err.push(c), isTTY: false },
    definitions: CLI_DEFINITIONS,
  });
  // 0 answered, 3 the search failed, 2 the provider called the request invalid (a 400): never a crash (1).
  expect([0, 2, 3], `cli ${format} exit code; stderr: ${err.join('')}`).toContain(code);
  return [
    { surface: `cli ${format} stdout`, text: out.join('') },
    { surface: `cli ${format} stderr`, text: err.join('') },
  ];
}

const toolName = (format: SearchToolFormat) => `search_${format.replace('-', '_')}`;

/**
 * One user turn in a real voice.AgentSession whose fake LLM calls the `search_internet` tool once in each
 * of `formats` (one tool per format): what the framework hands back to the model, by format.
 */
async function runTool(
  id: HostileProvider,
  formats: readonly SearchToolFormat[] = SEARCH_TOOL_FORMATS,
): Promise<Map<SearchToolFormat, Output>> {
  const client = createSearchClient({ providers: [providerFor(id)], timeoutMs: DEADLINE_MS });
  const tools = Object.fromEntries(
    formats.map((format) => [
      toolName(format),
      createSearchInternetTool({ client, publisher: false, format, userId: 'matrix' }),
    ]),
  );
  const userInput = 'please look it up';
  const calls = formats.map((format) => ({ name: toolName(format), args: { query: 'hostile query' } }));
  const llm = new voice.testing.FakeLLM([{ input: userInput, toolCalls: calls }]);
  const session = new voice.AgentSession({ llm, vad: null, turnHandling: { turnDetection: null } });
  await session.start({ agent: new voice.Agent({ instructions: 'You are a test agent.', tools }) });
  try {
    const run = await session.run({ userInput }).wait();
    const outputs = new Map<SearchToolFormat, Output>();
    for (const event of run.events.filter(voice.testing.isFunctionCallOutputEvent)) {
      const format = formats.find((f) => toolName(f) === event.item.name);
      if (!format) continue;
      expect(event.item.isError, `tool ${format} must not fail the call`).toBe(false);
      // What the model reads: the JSON text, and the decoded value (a text view decodes to its string).
      const value: unknown = JSON.parse(event.item.output);
      const decoded = typeof value === 'string' ? value : JSON.stringify(value);
      outputs.set(format, { surface: `tool ${format}`, text: `${event.item.output}\n${decoded}` });
    }
    expect([...outputs.keys()].sort()).toEqual([...formats].sort());
    return outputs;
  } finally {
    await session.close();
  }
}

async function viewsOf(id: HostileProvider): Promise<Output[]> {
  const client = createSearchClient({ providers: [providerFor(id)], timeoutMs: DEADLINE_MS });
  let response: SearchResponse;
  try {
    response = await client.search({ query: 'hostile query' });
  } catch (error) {
    // A failure as a program reads it: the error's message and the agent-server envelope's error form.
    return [
      { surface: 'client error message', text: error instanceof Error ? error.message : String(error) },
      {
        surface: 'view agent-server error',
        text: JSON.stringify(toAgentServerError('hostile query', error)),
      },
    ];
  }
  return VIEW_FORMATS.map((format) => ({ surface: `view ${format}`, text: renderView(response, format) }));
}

// A line that starts as a citation ("[2] ...", "［9］", "[٣]") but carries the upstream's forged text.
const FORGED_CITATION = /^[^\S\n]*[[［]\s*[\d٠-٩]+\s*[\]］][^\n]*(Evil bank|forged line|fullwidth)/mu;

function expectSafe(outputs: Output[]): void {
  for (const { surface, text } of outputs) {
    const raw = JSON.stringify(text.match(UNSAFE_CHARACTERS)?.[0]);
    expect(UNSAFE_CHARACTERS.test(text), `${surface}: raw control or bidi character ${raw}`).toBe(false);
    expect(text, `${surface}: live <script>`).not.toMatch(/<script/i);
    expect(text, `${surface}: forged citation line`).not.toMatch(FORGED_CITATION);
    for (const key of SECRETS) expect(text, `${surface}: API key`).not.toContain(key);
  }
}

const CLI_FORMATS = ['text', 'model', 'xml', 'agent-server'] as const;

describe.each(HOSTILE_PROVIDERS)('%s against a hostile upstream', (id) => {
  const content: [string, () => HostileAnswer][] = [
    [
      'results full of markup, forged citations, escape codes, bidi and empty fields',
      () => hostileResults(id),
    ],
    ['a 400 whose error text carries escape codes and markup', () => hostileError(id, 400)],
    ['a 500 whose error text carries escape codes and markup', () => hostileError(id, 500)],
  ];

  describe.each(content)('%s', (_, answer) => {
    beforeEach(() => upstream.answer(id, answer()));

    it.each(CLI_FORMATS)('cli --format %s', async (format) => {
      expectSafe(await runCli(id, format));
    });

    // One session calls the tool in every format; each format is then judged on its own.
    let toolOutputs: Promise<Map<SearchToolFormat, Output>> | undefined;
    it.each(SEARCH_TOOL_FORMATS)('LiveKit tool format %s', async (format) => {
      toolOutputs ??= runTool(id);
      expectSafe([(await toolOutputs).get(format)!]);
    });

    it('every core view', async () => {
      expectSafe(await viewsOf(id));
    });
  });

  it('a 100 MB body: the command fails within the deadline, having read about the 5 MB limit', async () => {
    upstream.answer(id, hugeAnswer(id));
    const started = performance.now();
    const outputs = await runCli(id, 'text');
    const elapsed = performance.now() - started;
    expectSafe(outputs);
    expect(outputs[1]!.text).toMatch(/larger than 5 MB/);
    expect(upstream.bytesSent(id)).toBeLessThan(30 * MB);
    // The deadline plus a margin for a loaded 2-core machine; before, 3.5–4.6 s for a 1.5 s search.
    expect(elapsed).toBeLessThan(DEADLINE_MS + 1_500);
  });

  it('a slow-drip body: the command and the tool end with a timeout at the deadline', async () => {
    upstream.answer(id, slowDrip(id, 20));
    const started = performance.now();
    const outputs = await runCli(id, 'text');
    expect(performance.now() - started).toBeLessThan(DEADLINE_MS + 1_500);
    expect(outputs[1]!.text).toContain('search failed (timeout)');
    const tool = (await runTool(id, ['results'])).get('results')!;
    expectSafe([...outputs, tool]);
    expect(tool.text).toMatch(/"error"/);
  });

  it('connection resets, before and in the middle of the body: a clear failure, no crash', async () => {
    for (const answer of [{ kind: 'reset' }, { kind: 'reset', afterBytes: 2_000 }] as HostileAnswer[]) {
      upstream.answer(id, answer);
      const outputs = [...(await runCli(id, 'text')), ...(await runTool(id, ['agent-server'])).values()];
      expectSafe(outputs);
      expect(outputs[1]!.text).toMatch(/search failed \((unavailable|provider_error)\)/);
    }
  });

  it('a redirect to another origin: refused, and the other origin never sees a request or the key', async () => {
    elsewhere.answer(id, hostileResults(id));
    upstream.answer(id, {
      kind: 'redirect',
      status: 307,
      location: `${elsewhere.origin}${HOSTILE_ROUTES[id]}`,
    });
    const outputs = [...(await runCli(id, 'text')), ...(await runTool(id, ['results'])).values()];
    expectSafe(outputs);
    expect(outputs[1]!.text).toContain(`${NAMES[id]}`);
    expect(outputs[1]!.text).toMatch(/redirected the request to another origin/);
    expect(elsewhere.requests).toEqual([]);
    expect(upstream.requests.length).toBeGreaterThan(0);
  });
});

// Run in a child process so that the measurement is of one search, not of the test runner's heap.
const MEMORY_PROBE = `
import { createSearchClient } from '@agent-search/core';
import { createDuckDuckGoProvider } from '@agent-search/provider-duckduckgo';
import { createExaProvider } from '@agent-search/provider-exa';
import { createPerplexityProvider } from '@agent-search/provider-perplexity';
import { createTavilyProvider } from '@agent-search/provider-tavily';
import { createBraveProvider } from '@agent-search/provider-brave';
import { createSearxngProvider } from '@agent-search/provider-searxng';
const urls = JSON.parse(process.env.HOSTILE_URLS);
const providers = {
  duckduckgo: () => createDuckDuckGoProvider({ baseURL: urls.duckduckgo, textBackends: ['html'] }),
  tavily: () => createTavilyProvider({ apiKey: 'tvly-probe-key', baseURL: urls.tavily }),
  exa: () => createExaProvider({ apiKey: 'exa-probe-key', baseURL: urls.exa }),
  perplexity: () => createPerplexityProvider({ apiKey: 'pplx-probe-key', baseURL: urls.perplexity }),
  brave: () => createBraveProvider({ apiKey: 'brave-probe-key', baseURL: urls.brave }),
  searxng: () => createSearxngProvider({ baseURL: urls.searxng }),
};
const report = {};
for (const [id, create] of Object.entries(providers)) {
  const client = createSearchClient({ providers: [create()], timeoutMs: ${DEADLINE_MS} });
  await client.search({ query: 'warm up' }).catch(() => undefined);
  const rest = process.memoryUsage().rss;
  let peak = rest;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 2);
  const started = performance.now();
  const outcome = await client.search({ query: 'huge' }).then(() => 'answered', (e) => e.code);
  const elapsedMs = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  report[id] = { outcome, elapsedMs, growthMB: (peak - rest) / 1024 / 1024 };
}
console.log(JSON.stringify(report));
`;

describe('a 100 MB answer, in a process of its own', () => {
  it('every provider: under 200 MB more memory than at rest, and an answer within the deadline + 200 ms', async () => {
    for (const id of HOSTILE_PROVIDERS) {
      upstream.answer(id, ({ body, search }) =>
        body.includes('warm up') || search.includes('warm') ? hostileResults(id, []) : hugeAnswer(id),
      );
    }
    const { execFile } = await import('node:child_process');
    const { fileURLToPath } = await import('node:url');
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        [
          // Node strips types by default from 23.6 (CI runs 24); 22.12–22.17 need the flag.
          ...((process.features as { typescript?: unknown }).typescript
            ? []
            : ['--experimental-strip-types']),
          '--conditions=source',
          '--input-type=module',
          '-e',
          MEMORY_PROBE,
        ],
        {
          cwd: fileURLToPath(new URL('..', import.meta.url)),
          env: {
            PATH: process.env.PATH ?? '',
            NODE_NO_WARNINGS: '1',
            HOSTILE_URLS: JSON.stringify(upstream.urls),
          },
          timeout: 60_000,
        },
        (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
      ),
    );
    const report = JSON.parse(stdout) as Record<
      HostileProvider,
      { outcome: string; elapsedMs: number; growthMB: number }
    >;
    for (const id of HOSTILE_PROVIDERS) {
      expect(report[id].outcome, id).toBe('provider_error');
      expect(report[id].growthMB, `${id}: RSS growth in MB`).toBeLessThan(200);
      expect(report[id].elapsedMs, `${id}: ms`).toBeLessThan(DEADLINE_MS + 200);
    }
  });
});
