// `node --import ./snippet-loopback.mjs snippet-run.mjs out/<snippet>.js`, from a folder where a guide's
// install line was run: how the consumer check runs a docs snippet. A script runs when it is imported. A
// LiveKit agent module (`export default defineAgent({ entry })`, started by `cli.runApp` only when it is the
// main module) does not, so this drives it: its `entry` gets a job context without a room, the `voice.Agent`
// it starts is kept (its session, whose stt/llm/tts need LiveKit, is never started), and each search tool of
// that agent answers one user turn in a real AgentSession whose LLM is LiveKit's FakeLLM calling the tool.
// A snippet that shows tools for an agent (`export const tools = { … }`, as voice.Agent takes them) is
// driven the same way.
// What each tool answered is printed, for the consumer check to find the simulator's results in.
import { pathToFileURL } from 'node:url';

const snippet = await import(pathToFileURL(process.argv[2]).href);
const definition = snippet.default;

/** What the fake LLM asks each search tool the docs show; a tool not listed here is not called. */
const TOOL_CALLS = {
  search_internet: { query: 'heat pump efficiency' },
  regulation_search: { law_name: '中华人民共和国民法典', article: '第一百零八条' },
  case_search: { keyword: '热泵 合同纠纷' },
};

/**
 * The tools a LiveKit snippet gives its agent (the agent module's ToolContext, or its `tools` export, as
 * voice.Agent takes them) and their names.
 */
async function agentTools(voice) {
  if (typeof definition?.entry !== 'function')
    return { tools: snippet.tools, names: Object.keys(snippet.tools) };
  const started = [];
  const start = voice.AgentSession.prototype.start;
  voice.AgentSession.prototype.start = async function keep({ agent }) {
    started.push(agent);
  };
  try {
    await definition.entry({ room: undefined, connect: async () => {}, proc: { userData: {} } });
  } finally {
    voice.AgentSession.prototype.start = start;
  }
  if (started.length === 0) throw new Error('the agent entry started no session');
  const context = started[0].toolCtx;
  return { tools: context.copy(), names: Object.keys(context.functionTools) };
}

if (typeof definition?.entry === 'function' || (snippet.tools && typeof snippet.tools === 'object')) {
  const { initializeLogger, voice } = await import('@livekit/agents');
  initializeLogger({ pretty: false, level: 'warn' });
  const { tools, names } = await agentTools(voice);
  const called = names.filter((name) => name in TOOL_CALLS);
  if (called.length === 0) throw new Error(`the agent has no search tool (${names})`);
  for (const name of called) {
    const userInput = 'please look it up';
    const llm = new voice.testing.FakeLLM([
      { input: userInput, toolCalls: [{ name, args: TOOL_CALLS[name] }] },
    ]);
    // userData: {} for snippets whose callbacks read ctx.userData (the framework throws when none is set).
    const session = new voice.AgentSession({
      llm,
      vad: null,
      turnHandling: { turnDetection: null },
      userData: {},
    });
    await session.start({ agent: new voice.Agent({ instructions: 'You are a test agent.', tools }) });
    try {
      const run = await session.run({ userInput }).wait();
      for (const event of run.events.filter(voice.testing.isFunctionCallOutputEvent))
        console.log(`${name}: ${event.item.output}`);
    } finally {
      await session.close();
    }
  }
}

// An MCP server snippet (`export const http = await startMcpHttpServer(…)`): a client speaking Streamable
// HTTP as the spec words it (initialize, initialized, tools/call; JSON or an SSE stream back) calls its
// web_search, the text the model would read is printed, and the server is closed. Plain fetch, because the
// install line under the snippet has no MCP client package (@agent-search/mcp depends on the server SDK only).
if (typeof snippet.http?.url === 'string' && typeof snippet.http.close === 'function') {
  const url = new URL(snippet.http.url);
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  /** One JSON-RPC message; the answer to `id`, read from a JSON body or the SSE stream's data lines. */
  const send = async (message) => {
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(message) });
    if (!response.ok)
      throw new Error(`MCP ${message.method}: HTTP ${response.status} ${await response.text()}`);
    const session = response.headers.get('mcp-session-id');
    if (session) headers['mcp-session-id'] = session;
    if (message.id === undefined) return undefined;
    const text = await response.text();
    const bodies = (response.headers.get('content-type') ?? '').includes('text/event-stream')
      ? text
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5))
      : [text];
    const answer = bodies.map((body) => JSON.parse(body)).find((m) => m.id === message.id);
    if (!answer || answer.error) throw new Error(`MCP ${message.method}: ${JSON.stringify(answer?.error)}`);
    return answer.result;
  };
  try {
    const init = await send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'docs-check', version: '1.0.0' },
      },
    });
    headers['mcp-protocol-version'] = init.protocolVersion;
    await send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const answer = await send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'web_search', arguments: { query: 'heat pump efficiency' } },
    });
    for (const part of answer.content) if (part.type === 'text') console.log(`web_search: ${part.text}`);
  } finally {
    await snippet.http.close();
  }
}
