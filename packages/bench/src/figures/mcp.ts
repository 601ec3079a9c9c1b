import { type ChildProcess, spawn } from 'node:child_process';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { silentLogger } from '@agent-search/core';
import {
  createSearchMcpServer,
  PROVIDER_DEFINITIONS,
  searchClientFromEnv,
  startMcpHttpServer,
  webSearchTool,
} from '@agent-search/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { type Figure, fmt, RUNS } from '../figure.ts';
import { median, percentile, timed } from '../stats.ts';
import { query, type SimulatorProcess, startSimulatorProcess } from '../upstreams.ts';

const WARMUP = 300;
const HOP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const TARGET_MS = 2;
// Over stdio nothing but a pipe lies between the agent and the server (issue 40).
const STDIO_TARGET_MS = 1;
const SOURCE_HOOKS = fileURLToPath(new URL('../source-hooks.ts', import.meta.url));
// The server's command, run from source like the rest of the bench (the hooks resolve our packages).
const MCP_BIN = fileURLToPath(new URL('./bin.ts', import.meta.resolve('@agent-search/mcp')));
const BARE_SERVER = fileURLToPath(new URL('./bare-search-server.ts', import.meta.url));

/** CPU time (ms) process `pid` has used, from /proc (Linux); undefined where there is none. */
function cpuOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks (1/100 s).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** A loopback server answering every POST at once with a JSON body of argv[1] bytes. */
const HOP_SERVER = `
const body = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { pad: 'x'.repeat(Math.max(0, Number(process.argv[1]) - 48)) } });
require('node:http').createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
}).listen(0, '127.0.0.1', function () { process.stderr.write('listening on http://127.0.0.1:' + this.address().port + '/mcp\\n'); });
`;

/** The URL a child server prints on stderr ("listening on <url>"). */
function listening(child: ChildProcess): Promise<string> {
  let stderr = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${stderr}`)), 20_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk;
      const found = /listening on (\S+)/.exec(stderr)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
  });
}

/**
 * Figure: what the MCP layer adds to a search. Each round runs, in turn on a new query, a direct call on
 * the client the server builds from the same environment (in this process); `web_search` through the
 * SDK's client and server joined in memory (the protocol with no transport); through the server over
 * stdio and over Streamable HTTP on loopback (both servers in their own process, as MCP clients run them:
 * the checks are on these); and over HTTP to a server in this process. The HTTP client is the official
 * SDK's `StreamableHTTPClientTransport` with its default `fetch`, one client for the whole run, as an
 * agent keeps one: its connection is kept alive between calls (the figure counts new ones). The upstream
 * is the simulator's DuckDuckGo HTML page (22 real-shaped results, gzip as our client asks; 5 shown) with no added latency, in a process of its own as a real upstream is (in this
 * one, a direct call would never wait for another process to be scheduled), so the differences are the
 * MCP layer alone.
 */
export async function mcpFigure(rounds: number): Promise<Figure> {
  // Real 5-result DuckDuckGo answers (long snippets, from a 44 kB page), as users' searches bring back.
  const upstreamProcess = await startSimulatorProcess(42, 'duckduckgo', undefined, {
    realPages: true,
    compression: 'as-asked',
  });
  try {
    return await measureMcp(upstreamProcess, rounds);
  } finally {
    await upstreamProcess.close();
  }
}

async function measureMcp(upstreamProcess: SimulatorProcess, rounds: number): Promise<Figure> {
  const env = {
    SEARCH_PROVIDER_PRIORITY: 'duckduckgo',
    DUCKDUCKGO_HTML_URL: upstreamProcess.baseURL,
    SEARCH_RATE_LIMIT: '0',
    LOG_LEVEL: 'silent',
  };
  const childEnv = { ...env, PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1' };
  const direct = await searchClientFromEnv(env, PROVIDER_DEFINITIONS, silentLogger);
  const newServer = () => createSearchMcpServer({ tools: [webSearchTool({ client: direct.client })] });

  const stdio = new Client({ name: 'bench-stdio', version: '1.0.0' });
  const stdioTransport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', SOURCE_HOOKS, MCP_BIN],
    env: childEnv,
    stderr: 'ignore',
  });
  await stdio.connect(stdioTransport);

  const server = spawn(process.execPath, ['--import', SOURCE_HOOKS, MCP_BIN, '--http', '--port', '0'], {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = await listening(server);
  const http = new Client({ name: 'bench-http', version: '1.0.0' });
  await http.connect(new StreamableHTTPClientTransport(new URL(url)));
  // The same server in this process: the protocol without a second process to schedule.
  const local = await startMcpHttpServer({ createServer: newServer });
  const httpLocal = new Client({ name: 'bench-http-local', version: '1.0.0' });
  await httpLocal.connect(new StreamableHTTPClientTransport(new URL(local.url)));
  // The SDK's client and server with nothing between them: what the protocol itself costs.
  const memory = new Client({ name: 'bench-memory', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const memoryServer = newServer();
  await memoryServer.connect(serverSide);
  await memory.connect(clientSide);
  // The floor under any HTTP transport on this client: a bare \`fetch\` POST to another process on loopback
  // that answers at once with as many bytes as a tool call's answer.
  const sample = await memory.callTool({ name: 'web_search', arguments: { query: 'heat pump mcp size' } });
  const answerBytes = Buffer.byteLength(JSON.stringify({ jsonrpc: '2.0', id: 1, result: sample }));
  const hopServer = spawn(process.execPath, ['-e', HOP_SERVER, String(answerBytes)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const hopUrl = await listening(hopServer);
  // Our search behind a bare node:http server in its own process: the floor of any HTTP transport.
  const bareServer = spawn(process.execPath, ['--import', SOURCE_HOOKS, BARE_SERVER], {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const bareUrl = await listening(bareServer);

  // TCP connections this process opens to the HTTP servers while measuring: none if the client keeps
  // its connection alive, one per call if it does not.
  const ports = new Set([
    Number(new URL(url).port),
    local.port,
    Number(new URL(hopUrl).port),
    Number(new URL(bareUrl).port),
  ]);
  let connections = 0;
  let counting = false;
  const onSocket = (message: unknown) => {
    const socket = (message as { socket: Socket }).socket;
    socket.once('connect', () => {
      if (counting && ports.has(socket.remotePort ?? -1)) connections++;
    });
  };
  subscribe('net.client.socket', onSocket);

  const call = async (client: Client, q: string) => {
    const result = await client.callTool({ name: 'web_search', arguments: { query: q } });
    if (result.isError) throw new Error(`web_search failed: ${JSON.stringify(result.content)}`);
  };
  const post = async (target: string, q: string) => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'web_search', arguments: { query: q } },
    });
    const response = await fetch(target, { method: 'POST', headers: HOP_HEADERS, body });
    await response.json();
  };
  type Name = 'direct' | 'memory' | 'stdio' | 'http' | 'httpLocal' | 'bare' | 'hop';
  const contenders: Record<Name, (q: string) => Promise<unknown>> = {
    direct: (q: string) => direct.client.search({ query: q }),
    memory: (q: string) => call(memory, q),
    stdio: (q: string) => call(stdio, q),
    http: (q: string) => call(http, q),
    httpLocal: (q: string) => call(httpLocal, q),
    bare: (q: string) => post(bareUrl, q),
    hop: (q: string) => post(hopUrl, q),
  };
  const names: Name[] = ['direct', 'memory', 'stdio', 'http', 'httpLocal', 'bare', 'hop'];
  // The process serving each contender, where it is another one: its CPU per call is read from /proc
  // around each run (it does nothing but its own contender's calls).
  const servedBy: Partial<Record<Name, number | undefined>> = {
    stdio: stdioTransport.pid ?? undefined,
    http: server.pid,
    bare: bareServer.pid,
    hop: hopServer.pid,
  };
  const empty = () => Object.fromEntries(names.map((k) => [k, []])) as unknown as Record<Name, number[]>;
  // CPU per call, this process (the client, and the simulator in it) and the serving process; every call (client) and every run (server).
  const cpu = { client: empty(), server: empty() };
  const runs: Record<Name, number[]>[] = [];
  let n = 0;
  let searches = 1; // the answer-size sample above
  try {
    for (let r = -1; r < RUNS; r++) {
      // Run -1 is the warm-up.
      const times = empty();
      counting = r >= 0;
      const serverBefore = names.map((name) => cpuOf(servedBy[name]));
      for (let round = 0; round < (r < 0 ? WARMUP : rounds); round++) {
        for (const name of names) {
          const before = process.cpuUsage();
          const { ms } = await timed(() => contenders[name](query(n++, 'heat pump mcp')));
          const used = process.cpuUsage(before);
          if (name !== 'hop') searches++;
          times[name].push(ms);
          if (r >= 0) cpu.client[name].push((used.user + used.system) / 1000);
        }
      }
      if (r >= 0) {
        runs.push(times);
        names.forEach((name, i) => {
          const after = cpuOf(servedBy[name]);
          const before = serverBefore[i];
          if (after !== undefined && before !== undefined) cpu.server[name].push((after - before) / rounds);
        });
      }
    }
  } finally {
    unsubscribe('net.client.socket', onSocket);
    await Promise.allSettled([stdio.close(), http.close(), httpLocal.close(), memory.close()]);
    await local.close();
    await direct.close();
    server.kill('SIGTERM');
    hopServer.kill('SIGTERM');
    bareServer.kill('SIGTERM');
    await Promise.all([once(server, 'exit'), once(hopServer, 'exit'), once(bareServer, 'exit')]);
  }
  // Every call must have reached the upstream: a cache hit would hide the cost of a real search.
  const upstream = await upstreamProcess.calls();

  const medians = runs.map(
    (times) => Object.fromEntries(names.map((k) => [k, median(times[k])])) as Record<Name, number>,
  );
  const added = (name: Name) => medians.map((m) => m[name] - m.direct);
  const worst = (values: number[]) => Math.max(...values);
  const spread = (values: number[]) =>
    `${fmt.ms(worst(values))} worst of ${values.length} (${values.map((v) => v.toFixed(2)).join(', ')})`;
  const all = (name: Name) => runs.flatMap((times) => times[name]);
  const m = Object.fromEntries(names.map((k) => [k, median(all(k))])) as Record<Name, number>;
  const addedHttp = added('http');
  const addedStdio = added('stdio');
  const addedMemory = added('memory');
  const addedLocal = added('httpLocal');
  // No search behind it: the hop's own time is what it adds.
  const hop = medians.map((m) => m.hop);
  const addedBare = added('bare');
  // What the SDK's HTTP transports (client and server) add beyond the floor and the protocol, per run.
  const addedTransports = medians.map((m) => m.http - m.bare - (m.memory - m.direct));
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
  const cpuPerCall = (name: Name) => ({ client: mean(cpu.client[name]), server: mean(cpu.server[name]) });
  const cpuText = (name: Name) => {
    const { client, server } = cpuPerCall(name);
    return `${fmt.ms(client)} here, ${cpu.server[name].length > 0 ? fmt.ms(server) : 'n/a'} in the server`;
  };
  const allReached = upstream === searches;
  // What the target leaves the SDK's HTTP transports once the floor and the protocol are paid.
  const leftForTransports = TARGET_MS - worst(addedBare) - worst(addedMemory);
  const httpWhy = [
    ...(allReached ? [] : [`${searches - upstream} calls never reached the upstream`]),
    ...(connections > 0 ? [`the client opened ${connections} new connections`] : []),
    ...(worst(addedHttp) > TARGET_MS
      ? [
          `HTTP adds ${fmt.ms(worst(addedHttp))} in its worst run. Our search behind a bare node:http server in its own process (no MCP, no SDK) already adds ${fmt.ms(worst(addedBare))}: the floor of any HTTP transport on this machine, a second process to wake and a fetch round trip (a bare fetch to a server that answers at once takes ${fmt.ms(worst(hop))}); the SDK's protocol with no transport adds ${fmt.ms(worst(addedMemory))}; ${leftForTransports > 0 ? `that leaves the SDK's HTTP transports on both sides ${fmt.ms(leftForTransports)} under the target` : `together ${fmt.ms(worst(addedBare) + worst(addedMemory))}, over the target before any HTTP transport adds anything`}, and the SDK's HTTP transports on both sides take ${fmt.ms(worst(addedTransports))}. In CPU per call, the MCP server's process uses ${fmt.ms(cpuPerCall('http').server)} against the bare server's ${fmt.ms(cpuPerCall('bare').server)} (the SDK's Node adapter, its transport and protocol, our views and guard), and the calling process ${fmt.ms(cpuPerCall('http').client)} against ${fmt.ms(cpuPerCall('bare').client)} with a bare fetch (the SDK's client transport: the MCP client's side, in the user's agent)`,
        ]
      : []),
  ];
  return {
    id: 'mcp',
    title: 'MCP server: protocol cost per tool call',
    method: `${RUNS} runs of ${rounds} rounds after ${WARMUP} warm-up rounds; each round runs every contender once, in turn, on a new query (no cache hits: the simulator counted ${upstream} upstream calls for ${searches} searches); each difference is of the run's medians, the verdict on the worst run. Workload: real 5-result DuckDuckGo answers (long snippets, from the simulator's 44 kB HTML page of 22 real-shaped results, gzip-compressed as our client asks) rendered by the default view. The upstream answers at once, in a process of its own, as a real upstream is never in the caller's process: with it in the measuring process (as this figure had it before), a direct call never waited for another process to be scheduled while every MCP call waited for two (the server, and the upstream from the server), which charged the MCP layer with wake-ups a real direct call pays too. The differences are the MCP layer alone. The HTTP client is the official SDK's Streamable HTTP transport on its default \`fetch\`, one client kept for the whole run as an agent keeps one; it opened ${connections} new connections while measuring (keep-alive: calls reuse one; Node's 5 s keep-alive timeout is left as it is, since back-to-back calls never reach it and Python's httpx, which LiveKit's Python agents use, drops an idle connection after 5 s on its side anyway). "SDK in memory" joins the SDK's client and server with no transport: JSON-RPC, zod validation of the call and its structured result, and the tool's views (core's compact text from the results). Where the HTTP time went (CPU profiles of the server process, \`node --cpu-prof\`): a tool call's answer was an SSE stream, two socket writes (the headers as the call starts, then the event with the end of the chunked body: two reads on a raw client socket), each waking the client's process, and about a fifth of the server's busy time was inside those writes on this loaded 2-core machine; the server now answers a POST with one JSON body (\`enableJsonResponse\`: no tool sends anything before its result), one write. In 9 paired runs (an SSE and a JSON server side by side, calls interleaved) that saved 0–0.27 ms of CPU per call in the client and 0.06–0.36 ms in the server; the wall-time difference was inside the noise of the loaded machine they ran on (load average 15–40 on 2 cores). What is left is the SDK's: its Node adapter turns each request into a web \`Request\` and the \`Response\` back through \`@hono/node-server\` (a hand-written adapter over the web-standard transport saved about 0.25 ms of CPU with the server in the caller's process but nothing measurable with it in its own, so the SDK's stays), the client's \`fetch\` (the "bare fetch" row: a \`node:http\` request costs about two thirds of it), JSON-RPC parsing and zod validation on both sides (the "in memory" row, which includes core's compact text: 0.15–0.6 ms per call of it in isolated loops on this machine, most in re-cleaning fields with Unicode regexes), and the hop between processes. Our guard (Host, Origin, token, body bound, sessions) did not show in the profiles.`,
    checks: [
      {
        name: 'MCP over HTTP: added per call (median difference to a direct call)',
        value: `${spread(addedHttp)}; ${fmt.ms(m.http)} vs ${fmt.ms(m.direct)}`,
        target: `≤ ${TARGET_MS} ms every run`,
        met: worst(addedHttp) <= TARGET_MS && allReached && connections === 0,
        ...(httpWhy.length > 0 ? { why: httpWhy.join('; ') } : {}),
      },
      {
        name: 'MCP over stdio: added per call (median difference to a direct call)',
        value: `${spread(addedStdio)}; ${fmt.ms(m.stdio)} vs ${fmt.ms(m.direct)}`,
        target: `≤ ${STDIO_TARGET_MS} ms every run`,
        met: worst(addedStdio) <= STDIO_TARGET_MS && allReached,
        ...(worst(addedStdio) > STDIO_TARGET_MS
          ? {
              why: `stdio adds ${fmt.ms(worst(addedStdio))} in its worst run, of which the SDK's protocol alone ${fmt.ms(worst(addedMemory))}`,
            }
          : {}),
      },
    ],
    charts: [
      {
        unit: 'ms (median)',
        bars: [
          { label: 'direct client call', value: m.direct, ours: true },
          { label: 'web_search, SDK client and server in memory', value: m.memory, ours: true },
          { label: 'web_search over MCP stdio', value: m.stdio, ours: true },
          { label: 'web_search over MCP HTTP', value: m.http, ours: true },
          { label: 'MCP HTTP, server in the caller’s process', value: m.httpLocal, ours: true },
          { label: 'our search behind a bare node:http server (no MCP)', value: m.bare, ours: false },
          { label: 'bare fetch round trip, no search (the floor)', value: m.hop, ours: false },
        ],
      },
    ],
    details: [
      ['direct client call: median / p95', `${fmt.ms(m.direct)} / ${fmt.ms(percentile(all('direct'), 95))}`],
      ['SDK client and server in memory: added per run', spread(addedMemory)],
      ['MCP stdio: median / p95', `${fmt.ms(m.stdio)} / ${fmt.ms(percentile(all('stdio'), 95))}`],
      ['MCP Streamable HTTP: median / p95', `${fmt.ms(m.http)} / ${fmt.ms(percentile(all('http'), 95))}`],
      ['MCP Streamable HTTP, server in the caller’s process: added per run', spread(addedLocal)],
      [
        'our search behind a bare node:http server in its own process (no MCP): added per run',
        spread(addedBare),
      ],
      [
        'the SDK’s HTTP transports, both sides (HTTP − bare − in-memory protocol): per run',
        spread(addedTransports),
      ],
      ...names.map((name): [string, string] => [`CPU per call, ${name}`, cpuText(name)]),
      [`bare fetch POST round trip to another process (${answerBytes} B answer): per run`, spread(hop)],
      ['new HTTP connections while measuring', String(connections)],
      ['upstream calls / searches', `${upstream} / ${searches}`],
    ],
  };
}
