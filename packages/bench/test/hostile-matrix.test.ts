import { main } from '@agent-search/cli';
import {
  createSearchClient,
  type Env,
  type ProviderDefinition,
  type SearchProvider,
  type SearchResponse,
} from '@agent-search/core';
import { renderView, toAgentServerError, VIEW_FORMATS } from '@agent-search/core/views';
import {
  createSearchInternetTool,
  SEARCH_TOOL_FORMATS,
  type SearchToolFormat,
} from '@agent-search/livekit-tool';
import { loadProviderKits } from '@agent-search/registry/testing';
import {
  HANG_MS,
  type HostileAnswer,
  hostileError,
  hostileResults,
  hostileRoute,
  hugeAnswer,
  type ProviderKit,
  slowDrip,
  UNSAFE_CHARACTERS,
  useHostileUpstream,
} from '@agent-search/testing';
import { initializeLogger, voice } from '@livekit/agents';
import { beforeEach, describe, expect, it } from 'vitest';

/**
 * Every provider × every output a person or a model reads, against a loopback upstream that answers the
 * way a compromised or broken one would (packages/testing's hostile upstream). Whatever it sends: nothing
 * crashes, no raw control or bidi character and no `<script>` reaches any output, no result line is a
 * forged citation, no API key appears, big and slow bodies end within the deadline, and a redirect to
 * another origin never carries the key there.
 */

// Every registered provider, through its package's test kit (its wire format, its planted key).
const KITS = await loadProviderKits();
const SECRETS = KITS.flatMap((kit) => (kit.apiKey ? [kit.apiKey] : []));
const DEADLINE_MS = 1_500;

initializeLogger({ pretty: false, level: 'silent' });
const MB = 1024 * 1024;

const upstream = useHostileUpstream();
const elsewhere = useHostileUpstream();

/** The provider, pointed at the hostile upstream (kept to the route its kit states). */
function providerFor(kit: ProviderKit): SearchProvider {
  return kit.create({ apiKey: kit.apiKey, baseURL: upstream.baseURL(kit) });
}

// The command's own provider list, each provider built from the environment as its kit limits it.
const CLI_DEFINITIONS: ProviderDefinition[] = KITS.map((kit) => ({
  ...kit.definition,
  load: async () => ({ fromEnv: kit.fromEnv }),
}));

/** Every provider's key and base URL, the one under test first in the priority order. */
function cliEnv(kit: ProviderKit): Env {
  const env: Record<string, string> = {
    SEARCH_PROVIDER_PRIORITY: kit.definition.id,
    SEARCH_TIMEOUT_MS: String(DEADLINE_MS),
    AGENT_SEARCH_STATE_DIR: 'off',
    NO_COLOR: '1',
  };
  for (const each of KITS) {
    const { apiKeyEnv, baseUrlEnv } = each.definition;
    if (apiKeyEnv && each.apiKey) env[apiKeyEnv] = each.apiKey;
    if (baseUrlEnv) env[baseUrlEnv] = upstream.baseURL(each);
  }
  return env;
}

interface Output {
  /** "cli text", "tool results", "view model", ... */
  surface: string;
  text: string;
}

async function runCli(kit: ProviderKit, format: string): Promise<Output[]> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['hostile query', '--format', format, '--no-cache'], {
    env: cliEnv(kit),
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
  kit: ProviderKit,
  formats: readonly SearchToolFormat[] = SEARCH_TOOL_FORMATS,
): Promise<Map<SearchToolFormat, Output>> {
  const client = createSearchClient({ providers: [providerFor(kit)], timeoutMs: DEADLINE_MS });
  const tools = Object.fromEntries(
    formats.map((format) => [
      toolName(format),
      createSearchInternetTool({ client, publisher: false, format, caller: { userId: 'matrix' } }),
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

async function viewsOf(kit: ProviderKit): Promise<Output[]> {
  const client = createSearchClient({ providers: [providerFor(kit)], timeoutMs: DEADLINE_MS });
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

describe.each(KITS.map((kit) => [kit.definition.id, kit] as const))(
  '%s against a hostile upstream',
  (_id, kit) => {
    const content: [string, () => HostileAnswer][] = [
      [
        'results full of markup, forged citations, escape codes, bidi and empty fields',
        () => hostileResults(kit),
      ],
      ['a 400 whose error text carries escape codes and markup', () => hostileError(kit, 400)],
      ['a 500 whose error text carries escape codes and markup', () => hostileError(kit, 500)],
    ];

    describe.each(content)('%s', (_, answer) => {
      beforeEach(() => upstream.answer(kit, answer()));

      it.each(CLI_FORMATS)('cli --format %s', async (format) => {
        expectSafe(await runCli(kit, format));
      });

      // One session calls the tool in every format; each format is then judged on its own.
      let toolOutputs: Promise<Map<SearchToolFormat, Output>> | undefined;
      it.each(SEARCH_TOOL_FORMATS)('LiveKit tool format %s', async (format) => {
        toolOutputs ??= runTool(kit);
        expectSafe([(await toolOutputs).get(format)!]);
      });

      it('every core view', async () => {
        expectSafe(await viewsOf(kit));
      });
    });

    it('a 100 MB body: the command fails on the 5 MB limit, before its deadline, having read about that much', async () => {
      upstream.answer(kit, hugeAnswer(kit));
      const outputs = await runCli(kit, 'text');
      expectSafe(outputs);
      // The size limit ended the search, not the deadline (before, 3.5–4.6 s of reading for a 1.5 s search
      // ended in a timeout): how long that takes is the bench's to measure, not a test's.
      expect(outputs[1]!.text).toMatch(/larger than 5 MB/);
      expect(outputs[1]!.text).not.toMatch(/timeout/);
      expect(upstream.bytesSent(kit)).toBeLessThan(30 * MB);
    });

    it('a slow-drip body: the command and the tool end with a timeout at the deadline', async () => {
      upstream.answer(kit, slowDrip(kit, 20));
      // The drip never ends: only the deadline can end the command, and the error says it did.
      const outputs = await runCli(kit, 'text');
      expect(outputs[1]!.text).toContain('search failed (timeout)');
      const tool = (await runTool(kit, ['results'])).get('results')!;
      expectSafe([...outputs, tool]);
      expect(tool.text).toMatch(/"error"/);
    });

    it('connection resets, before and in the middle of the body: a clear failure, no crash', async () => {
      for (const answer of [{ kind: 'reset' }, { kind: 'reset', afterBytes: 2_000 }] as HostileAnswer[]) {
        upstream.answer(kit, answer);
        const outputs = [...(await runCli(kit, 'text')), ...(await runTool(kit, ['agent-server'])).values()];
        expectSafe(outputs);
        expect(outputs[1]!.text).toMatch(/search failed \((unavailable|provider_error)\)/);
      }
    });

    it('a redirect to another origin: refused, and the other origin never sees a request or the key', async () => {
      elsewhere.answer(kit, hostileResults(kit));
      upstream.answer(kit, {
        kind: 'redirect',
        status: 307,
        location: `${elsewhere.origin}${hostileRoute(kit)}`,
      });
      const outputs = [...(await runCli(kit, 'text')), ...(await runTool(kit, ['results'])).values()];
      expectSafe(outputs);
      expect(outputs[1]!.text).toContain(`${kit.definition.name}`);
      expect(outputs[1]!.text).toMatch(/redirected the request to another origin/);
      expect(elsewhere.requests).toEqual([]);
      expect(upstream.requests.length).toBeGreaterThan(0);
    });
  },
);

// Run in a child process so that the measurement is of one search, not of the test runner's heap.
const MEMORY_PROBE = `
import { createSearchClient } from '@agent-search/core';
import { loadProviderKits } from '@agent-search/registry/testing';
const urls = JSON.parse(process.env.HOSTILE_URLS);
const report = {};
for (const kit of await loadProviderKits()) {
  const id = kit.definition.id;
  const provider = kit.create({ apiKey: kit.apiKey, baseURL: urls[id] });
  const client = createSearchClient({ providers: [provider], timeoutMs: ${DEADLINE_MS} });
  await client.search({ query: 'warm up' }).catch(() => undefined);
  const rest = process.memoryUsage().rss;
  let peak = rest;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 2);
  const outcome = await client.search({ query: 'huge' }).then(() => 'answered', (e) => e.code);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  report[id] = { outcome, growthMB: (peak - rest) / 1024 / 1024 };
}
console.log(JSON.stringify(report));
`;

describe('a 100 MB answer, in a process of its own', () => {
  it('every provider: under 200 MB more memory than at rest, and a size error rather than the deadline', async () => {
    for (const kit of KITS) {
      upstream.answer(kit, ({ body, search }) =>
        body.includes('warm up') || search.includes('warm') ? hostileResults(kit, []) : hugeAnswer(kit),
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
            HOSTILE_URLS: JSON.stringify(
              Object.fromEntries(KITS.map((kit) => [kit.definition.id, upstream.baseURL(kit)])),
            ),
          },
          timeout: HANG_MS,
        },
        (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
      ),
    );
    const report = JSON.parse(stdout) as Record<string, { outcome: string; growthMB: number }>;
    for (const { definition } of KITS) {
      const { id } = definition;
      // provider_error (the 5 MB limit), not timeout: the body limit ended the search before its deadline.
      expect(report[id]?.outcome, id).toBe('provider_error');
      expect(report[id]?.growthMB, `${id}: RSS growth in MB`).toBeLessThan(200);
    }
  });
});
