import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect as tcpConnect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { PassThrough } from 'node:stream';
import { loadProviderKits } from '@agent-search/registry/testing';
import { useProviderSimulator } from '@agent-search/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSearchMcpServer, runMcpServer, startMcpHttpServer } from '../src/index.ts';
import { fetchFrom } from './from-address.ts';
import { loopbackEnv, textOf } from './loopback.ts';

const simulator = useProviderSimulator(await loadProviderKits());

interface Running {
  url: string;
  stderr: () => string;
  stop(): Promise<number>;
  exited: Promise<number>;
}

/** The real server, in this process, on a free port; `stop` is its SIGTERM. */
async function serve(args: string[], env: Record<string, string> = {}): Promise<Running> {
  const controller = new AbortController();
  let stderr = '';
  const exited = runMcpServer(['--http', '--port', '0', ...args], {
    env: loopbackEnv(simulator(), env),
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr: { write: (chunk: string) => (stderr += chunk) },
    signal: controller.signal,
  });
  let exitCode: number | undefined;
  void exited.then((code) => (exitCode = code));
  let url: string | undefined;
  for (let waited = 0; url === undefined; waited += 10) {
    if (exitCode !== undefined || waited > 5_000)
      throw new Error(`server not listening (${exitCode}): ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    url = /listening on (\S+)/.exec(stderr)?.[1];
  }
  return {
    url,
    stderr: () => stderr,
    exited,
    stop: () => {
      controller.abort();
      return exited;
    },
  };
}

async function connect(url: string, headers: Record<string, string> = {}, from?: string): Promise<Client> {
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers },
      ...(from ? { fetch: fetchFrom(from) } : {}),
    }),
  );
  return client;
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

/** A raw POST, with any headers (including Host, which fetch will not let a caller set). */
function post(url: string, headers: Record<string, string>, body = INITIALIZE, localAddress?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        ...(localAddress ? { localAddress } : {}),
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('agent-search-mcp --http on 127.0.0.1', () => {
  let server: Running;
  let client: Client;
  beforeAll(async () => {
    server = await serve([], { SEARCH_RATE_LIMIT: '3' });
  });
  afterAll(() => server.stop());
  beforeEach(async () => {
    client = await connect(server.url);
  });
  afterEach(() => client.close());

  it('listens on loopback at /mcp and lists web_search', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['web_search', 'read_page']);
    expect(tools[0]!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
  });

  it('answers web_search from the loopback provider', async () => {
    const result = await client.callTool({
      name: 'web_search',
      arguments: { query: 'heat pump http', max_results: 2, time_range: 'year', region: 'us-en' },
    });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as { provider: string; results: { title: string }[] };
    expect(structured.provider).toBe('tavily');
    expect(structured.results).toHaveLength(2);
    expect(textOf(result)).toContain(`[1] ${structured.results[0]!.title.split(' | ')[0]}`);
    expect(simulator().calls('tavily')).toBe(1);
  });

  it('answers a tool call as one JSON body on a kept-alive connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (body: object, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: string; reused: boolean }>(
        (resolve, reject) => {
          const req = httpRequest(server.url, {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
              'mcp-protocol-version': '2025-06-18',
              ...headers,
            },
          });
          req.on('response', (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: text,
                reused: req.reusedSocket,
              }),
            );
          });
          req.on('error', reject);
          req.end(JSON.stringify(body));
        },
      );
    try {
      const init = await send(JSON.parse(INITIALIZE));
      const session = { 'mcp-session-id': String(init.headers['mcp-session-id']) };
      await send({ jsonrpc: '2.0', method: 'notifications/initialized' }, session);
      const call = await send(
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'web_search', arguments: { query: 'heat pump json' } },
        },
        session,
      );
      expect(call.status).toBe(200);
      // One body with its length, not an event stream: the answer leaves in one write.
      expect(call.headers['content-type']).toBe('application/json');
      expect(Number(call.headers['content-length'])).toBe(Buffer.byteLength(call.body));
      const answer = JSON.parse(call.body) as {
        id: number;
        result: { structuredContent: { provider: string } };
      };
      expect(answer.id).toBe(2);
      expect(answer.result.structuredContent.provider).toBe('tavily');
      expect(call.reused).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  it('fails over to the next provider when the primary fails', async () => {
    simulator().configure('tavily', { faults: { reset: 1 } });
    const result = await client.callTool({
      name: 'web_search',
      arguments: { query: 'heat pump http failover' },
    });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { provider: string }).provider).toBe('exa');
    expect(simulator().calls('exa')).toBe(1);
  });

  // Issue 33: the one refusal is an empty or too long query, in the tool's failure form (an unknown mode is
  // read as text, on every surface).
  it('refuses an empty or too long query with a tool error, without searching', async () => {
    const empty = await client.callTool({ name: 'web_search', arguments: { query: '   ' } });
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toBe('empty query: say what to search for');
    const long = await client.callTool({
      name: 'web_search',
      arguments: { query: 'x'.repeat(513), mode: 'images' },
    });
    expect(long.isError).toBe(true);
    expect(textOf(long)).toBe('query is 513 characters long; the limit is 512');
    expect(simulator().calls('tavily')).toBe(0);
  });

  it('rate-limits each client across all its sessions, and each client on its own', async () => {
    // Addresses of their own: the other tests here search from 127.0.0.1.
    const first = await connect(server.url, {}, '127.0.0.5');
    const second = await connect(server.url, {}, '127.0.0.5');
    const other = await connect(server.url, {}, '127.0.0.6');
    try {
      const call = (c: Client, n: number) =>
        c.callTool({ name: 'web_search', arguments: { query: `heat pump limit ${n}` } });
      const answers = [];
      // One client, two sessions: 3 a minute between them, not 3 each.
      for (let n = 0; n < 4; n++) answers.push(await call(n % 2 === 0 ? first : second, n));
      expect(answers.map((a) => Boolean(a.isError))).toEqual([false, false, false, true]);
      expect(textOf(answers[3])).toBe('rate limited');
      expect((await call(second, 5)).isError).toBe(true);
      // Another client (another address) has its own allowance.
      expect((await call(other, 9)).isError).toBeFalsy();
    } finally {
      await first.close();
      await second.close();
      await other.close();
    }
  });

  it('refuses a foreign Origin and a rebound Host', async () => {
    const origin = await post(server.url, { origin: 'http://evil.example' });
    expect(origin.status).toBe(403);
    expect(origin.body).toContain('Origin');
    const port = new URL(server.url).port;
    const host = await post(server.url, { host: `evil.example:${port}` });
    expect(host.status).toBe(403);
    // A page served from localhost (an inspector) may connect.
    expect((await post(server.url, { origin: 'http://localhost:6274' })).status).toBe(200);
  });

  it('refuses a body over the limit', async () => {
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
      params: { pad: 'x'.repeat(2_000_000) },
    });
    const answer = await post(server.url, {}, big);
    expect(answer.status).toBe(413);
  });

  it('answers 413 to an oversized Content-Length before reading the body, and the client gets it whole', async () => {
    const { hostname, port } = new URL(server.url);
    /** What the server sends on a raw socket that declares `declared` bytes and sends `sent` of them at once. */
    const exchange = (declared: number, sent: number) =>
      new Promise<{ text: string; reset: boolean }>((resolve) => {
        const socket = tcpConnect(Number(port), hostname);
        let text = '';
        let reset = false;
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString('latin1');
        });
        socket.on('error', () => {
          reset = true;
        });
        socket.on('close', () => resolve({ text, reset }));
        socket.write(
          `POST /mcp HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
            `Accept: application/json, text/event-stream\r\nContent-Length: ${declared}\r\n\r\n`,
        );
        if (sent > 0) socket.write(Buffer.alloc(sent, 0x20));
        // Nothing more is sent: the server must answer without waiting for the rest.
        if (sent === declared) socket.end();
        else setTimeout(() => socket.end(), 2_000).unref();
      });
    // Headers only: the answer comes with no body byte sent.
    const early = await exchange(100 * 1024 * 1024, 0);
    expect(early.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(early.text).toContain('Request body larger than');
    // The whole (4 MB) body written at once, as a client does: every time, the 413 and not a reset.
    for (let i = 0; i < 5; i++) {
      const answer = await exchange(4 * 1024 * 1024, 4 * 1024 * 1024);
      expect(answer.text).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer.text).toContain('Request body larger than');
      // The connection ends cleanly: the client's socket sees no reset.
      expect(answer.reset).toBe(false);
    }
    // Clients that give up on a reset before they read the answer (fetch, Node's http) get the 413 each time.
    const big = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
      params: { pad: 'x'.repeat(8_000_000) },
    });
    for (let i = 0; i < 5; i++) {
      expect((await post(server.url, {}, big)).status).toBe(413);
      const answer = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: big,
      });
      expect(answer.status).toBe(413);
      await answer.text();
    }
  });
});

describe('hostile HTTP clients', () => {
  const quiet = () => createSearchMcpServer({ tools: [], version: '0.0.0' });

  it('a client opening session after session closes its own, never another client’s', async () => {
    const http = await startMcpHttpServer({ createServer: quiet, maxSessions: 4, maxSessionsPerClient: 2 });
    const victim = await connect(http.url);
    try {
      for (let n = 0; n < 10; n++)
        expect((await post(http.url, {}, INITIALIZE, '127.0.0.2')).status).toBe(200);
      expect((await post(http.url, {}, INITIALIZE, '127.0.0.3')).status).toBe(200);
      expect((await post(http.url, {}, INITIALIZE, '127.0.0.3')).status).toBe(200);
      expect(http.sessions()).toBe(4);
      // Full of other clients' sessions: a new client is refused, nobody is pushed out.
      const refused = await post(http.url, {}, INITIALIZE, '127.0.0.4');
      expect(refused.status).toBe(503);
      expect(refused.body).toContain('Too many sessions');
      await expect(victim.ping()).resolves.toEqual({});
    } finally {
      await victim.close();
      await http.close();
    }
  });

  it('cuts off a request body dripped byte by byte at the body time limit', async () => {
    const http = await startMcpHttpServer({ createServer: quiet, bodyTimeoutMs: 400 });
    const { port } = new URL(http.url);
    const socket = tcpConnect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        'Accept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{',
    );
    const drip = setInterval(() => socket.writable && socket.write(' '), 100);
    try {
      // The drip goes on for ever: only the server's body timeout can close the socket, and it says so.
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(answer).toContain('Request body not received within 400 ms');
    } finally {
      clearInterval(drip);
      socket.destroy();
      await http.close();
    }
  });
});

function nonLoopbackAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
}

describe('off loopback', () => {
  it('refuses to listen on 0.0.0.0 without a token', async () => {
    let stderr = '';
    const code = await runMcpServer(['--http', '--host', '0.0.0.0', '--port', '0'], {
      env: loopbackEnv(simulator()),
      stdin: new PassThrough(),
      stdout: new PassThrough(),
      stderr: { write: (chunk: string) => (stderr += chunk) },
      signal: new AbortController().signal,
    });
    expect(code).toBe(2);
    expect(stderr).toContain('AGENT_SEARCH_MCP_TOKEN');
  });

  it('with a token, requires it on every request', async () => {
    const token = 'mcp-test-token-4c1f0a9e7b';
    const server = await serve(['--host', '0.0.0.0'], { AGENT_SEARCH_MCP_TOKEN: token });
    try {
      // Reached through a non-loopback address where the machine has one, else through loopback.
      const address = nonLoopbackAddress() ?? '127.0.0.1';
      const url = server.url.replace('0.0.0.0', address);
      await expect(connect(url)).rejects.toThrow(/401|Unauthorized/);
      await expect(connect(url, { authorization: 'Bearer wrong-token' })).rejects.toThrow(/401|Unauthorized/);
      const client = await connect(url, { authorization: `Bearer ${token}` });
      const result = await client.callTool({ name: 'web_search', arguments: { query: 'heat pump token' } });
      expect(result.isError).toBeFalsy();
      await client.close();
      expect(server.stderr()).not.toContain(token);
    } finally {
      await server.stop();
    }
  });
});

describe('shutdown', () => {
  it('lets a search in flight finish, then exits 0', async () => {
    simulator().configure('tavily', { latency: { kind: 'fixed', ms: 600 } });
    const server = await serve([]);
    const client = await connect(server.url);
    const call = client.callTool({ name: 'web_search', arguments: { query: 'heat pump drain' } });
    await expect.poll(() => simulator().calls('tavily')).toBe(1);
    const exited = server.stop();
    const result = await call;
    expect(result.isError).toBeFalsy();
    expect(await exited).toBe(0);
    await client.close().catch(() => undefined);
  });

  it('aborts a search still running at the deadline with a tool error', async () => {
    simulator().configure('tavily', { faults: { hang: 1 } });
    const server = await serve([], { AGENT_SEARCH_MCP_SHUTDOWN_MS: '300', SEARCH_TIMEOUT_MS: '60000' });
    const client = await connect(server.url);
    const call = client.callTool({ name: 'web_search', arguments: { query: 'heat pump hang' } });
    await expect.poll(() => simulator().calls('tavily')).toBe(1);
    // The search would wait 60 s for Tavily: cancelled, not waited for, as the result says.
    const exited = server.stop();
    const result = await call;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('search cancelled');
    expect(await exited).toBe(0);
    await client.close().catch(() => undefined);
  });
});
