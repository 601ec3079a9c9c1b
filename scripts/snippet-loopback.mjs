// `node --import ./snippet-loopback.mjs snippet.js`: the consumer check runs each docs snippet with this
// preloaded, so the snippet's searches reach the loopback provider simulator and nothing leaves the machine.
// Our providers call the global `fetch` at request time; this one sends the hosts the simulator speaks for
// to it (path and query kept, under the simulator's prefix for that provider) and refuses every other
// non-loopback host with an error naming it, so a snippet that needs a live service fails clearly. The AI
// Gateway's model endpoint is answered here by a scripted model (below).
import { Socket } from 'node:net';

const upstream = process.env.AGENT_SEARCH_SNIPPET_UPSTREAM;
if (!upstream)
  throw new Error('snippet-loopback: AGENT_SEARCH_SNIPPET_UPSTREAM (the simulator origin) is not set');

/**
 * Real host → the simulator's path prefix for it (the provider's id) and the path its base URL adds, which
 * the simulator's routes leave out (a `/v1`). Found by the consumer check from the providers
 * themselves (snippet-routes.mjs), so a new provider needs no edit here.
 */
const ROUTES = new Map(
  JSON.parse(process.env.AGENT_SEARCH_SNIPPET_ROUTES ?? '[]').map((route) => [route.host, route]),
);
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
/**
 * Services a snippet may reach for that this check does not play, refused without counting against the
 * snippet: an agent module's own AgentSession (LiveKit Inference models) is created but never started.
 */
const NOT_PLAYED = new Set(['agent-gateway.livekit.cloud']);

/**
 * The AI SDK's default provider, the AI Gateway (a model named 'provider/model'), played by a scripted model:
 * asked with a `web_search` tool and no tool result yet, it calls `web_search` with the user's words; given
 * the tool's result, it answers with the text the tool handed it. So a snippet's tool runs as a model would
 * call it, and what the model was told shows in what the snippet prints.
 */
async function scriptedGatewayModel(body) {
  const call = JSON.parse(body);
  const messages = call.prompt ?? [];
  const toolResult = messages
    .filter((m) => m.role === 'tool')
    .flatMap((m) => m.content)
    .find((part) => part.type === 'tool-result');
  const user = messages.filter((m) => m.role === 'user').at(-1);
  const question = (user?.content ?? []).find((part) => part.type === 'text')?.text ?? '';
  const searches = (call.tools ?? []).some((t) => t.name === 'web_search');
  const content =
    !toolResult && searches
      ? [
          {
            type: 'tool-call',
            toolCallId: 'call-1',
            toolName: 'web_search',
            input: JSON.stringify({ query: question }),
          },
        ]
      : [{ type: 'text', text: `From the search: ${JSON.stringify(toolResult?.output?.value ?? null)}` }];
  const answer = {
    content,
    finishReason: { unified: content[0].type === 'tool-call' ? 'tool-calls' : 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    },
    warnings: [],
  };
  return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
}

// Below fetch: a socket to any other host (node:http, a Redis or WebSocket client) is refused too.
const connect = Socket.prototype.connect;
Socket.prototype.connect = function guardedConnect(...args) {
  const [first, second] = args;
  const options = Array.isArray(first) ? first[0] : first;
  const host = typeof options === 'object' && options !== null ? options.host : second;
  if (typeof host === 'string' && !LOOPBACK.has(host) && host !== '::1') {
    process.stderr.write(
      `snippet-loopback: refused a connection to ${host} (no live network in the docs check)\n`,
    );
    process.nextTick(() =>
      this.destroy(new Error(`connect refused: ${host} is not reachable from the docs check`)),
    );
    return this;
  }
  return connect.apply(this, args);
};

const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const request = input instanceof Request ? input : undefined;
  const url = new URL(request ? request.url : String(input));
  if (LOOPBACK.has(url.hostname)) return realFetch(input, init);
  if (url.hostname === 'ai-gateway.vercel.sh' && url.pathname.endsWith('/language-model')) {
    return scriptedGatewayModel(request ? await request.text() : String(init?.body ?? '{}'));
  }
  const route = ROUTES.get(url.host);
  if (route === undefined && NOT_PLAYED.has(url.hostname)) {
    throw new TypeError(`fetch failed: ${url.hostname} is not played by the docs check`);
  }
  if (route === undefined) {
    process.stderr.write(`snippet-loopback: refused ${url.origin} (no live network in the docs check)\n`);
    throw new TypeError(`fetch failed: ${url.hostname} is not reachable from the docs check`);
  }
  const { prefix, basePath } = route;
  const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
  const target = new URL(`${prefix}${path}${url.search}`, upstream);
  return realFetch(request ? new Request(target, request) : target, init);
};
