import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { silentLogger } from '@agent-search/core';
import {
  createSearchMcpServer,
  PROVIDER_DEFINITIONS,
  searchClientFromEnv,
  startMcpHttpServer,
  webSearchTool,
} from '@agent-search/mcp';
import type { ProviderSimulator } from '@agent-search/testing/simulator';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type Figure, fmt } from '../figure.ts';
import { median, percentile, timed } from '../stats.ts';
import { query, TAVILY_KEY } from '../upstreams.ts';

const WARMUP = 30;
const TARGET_MS = 2;
const SOURCE_HOOKS = fileURLToPath(new URL('../source-hooks.ts', import.meta.url));
// The server's command, run from source like the rest of the bench (the hooks resolve our packages).
const MCP_BIN = fileURLToPath(new URL('./bin.ts', import.meta.resolve('@agent-search/mcp')));

/**
 * Figure: what the MCP layer adds to a search. Each round runs, in turn on a new query, a direct call on
 * the client the server builds from the same environment (in this process), `web_search` through the
 * server over stdio, and through it over Streamable HTTP on loopback (both servers in their own process,
 * as MCP clients run them; the check is on these), and over HTTP to a server in this process. The upstream is the simulator's Tavily with no added latency, so the
 * difference is the protocol: JSON-RPC, the transport, the tool's views and the hop between processes.
 */
export async function mcpFigure(sim: ProviderSimulator, rounds: number): Promise<Figure> {
  sim.reset();
  sim.configure('tavily', { latency: { kind: 'fixed', ms: 0 } });
  const env = {
    SEARCH_PROVIDER_PRIORITY: 'tavily',
    TAVILY_API_KEY: TAVILY_KEY,
    TAVILY_BASE_URL: sim.baseURL('tavily'),
    SEARCH_RATE_LIMIT: '0',
    LOG_LEVEL: 'silent',
  };
  const childEnv = { ...env, PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1' };
  const direct = await searchClientFromEnv(env, PROVIDER_DEFINITIONS, silentLogger);

  const stdio = new Client({ name: 'bench-stdio', version: '1.0.0' });
  await stdio.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', SOURCE_HOOKS, MCP_BIN],
      env: childEnv,
      stderr: 'ignore',
    }),
  );

  const server = spawn(process.execPath, ['--import', SOURCE_HOOKS, MCP_BIN, '--http', '--port', '0'], {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the HTTP server did not start: ${stderr}`)), 20_000);
    server.stderr.on('data', () => {
      const found = /listening on (\S+)/.exec(stderr)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
  });
  const http = new Client({ name: 'bench-http', version: '1.0.0' });
  await http.connect(new StreamableHTTPClientTransport(new URL(url)));
  // The same server in this process: the protocol without a second process to schedule.
  const local = await startMcpHttpServer({
    createServer: () => createSearchMcpServer({ tools: [webSearchTool({ client: direct.client })] }),
  });
  const httpLocal = new Client({ name: 'bench-http-local', version: '1.0.0' });
  await httpLocal.connect(new StreamableHTTPClientTransport(new URL(local.url)));

  const call = async (client: Client, q: string) => {
    const result = await client.callTool({ name: 'web_search', arguments: { query: q } });
    if (result.isError) throw new Error(`web_search failed: ${JSON.stringify(result.content)}`);
  };
  const contenders = {
    direct: (q: string) => direct.client.search({ query: q }),
    stdio: (q: string) => call(stdio, q),
    http: (q: string) => call(http, q),
    httpLocal: (q: string) => call(httpLocal, q),
  };
  const times: Record<keyof typeof contenders, number[]> = { direct: [], stdio: [], http: [], httpLocal: [] };
  let n = 0;
  try {
    for (let round = 0; round < WARMUP + rounds; round++) {
      for (const [name, run] of Object.entries(contenders) as [
        keyof typeof contenders,
        (q: string) => Promise<unknown>,
      ][]) {
        const { ms } = await timed(() => run(query(n++, 'heat pump mcp')));
        if (round >= WARMUP) times[name].push(ms);
      }
    }
  } finally {
    await Promise.allSettled([stdio.close(), http.close(), httpLocal.close()]);
    await local.close();
    await direct.close();
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  // Every call must have reached the upstream: a cache hit would hide the cost of a real search.
  const upstream = sim.calls('tavily');

  const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])) as Record<
    keyof typeof contenders,
    number
  >;
  const addedHttp = m.http - m.direct;
  const addedStdio = m.stdio - m.direct;
  return {
    id: 'mcp',
    title: 'MCP server: protocol cost per tool call',
    method: `${rounds} rounds after ${WARMUP} warm-up rounds; each round runs every contender once, in turn, on a new query (no cache hits: the simulator counted ${upstream} upstream calls for ${n} searches). The upstream answers at once, so the differences are the MCP layer alone.`,
    checks: [
      {
        name: 'MCP over HTTP: added per call (median difference to a direct call)',
        value: `${fmt.ms(addedHttp)} (${fmt.ms(m.http)} vs ${fmt.ms(m.direct)})`,
        target: `≤ ${TARGET_MS} ms`,
        met: addedHttp <= TARGET_MS && upstream === n,
        ...(upstream !== n ? { why: `${n - upstream} calls never reached the upstream` } : {}),
        ...(addedHttp > TARGET_MS ? { why: `HTTP adds ${fmt.ms(addedHttp)} per call on loopback` } : {}),
      },
      {
        name: 'MCP over stdio: added per call (median difference to a direct call)',
        value: `${fmt.ms(addedStdio)} (${fmt.ms(m.stdio)} vs ${fmt.ms(m.direct)})`,
        target: `≤ ${TARGET_MS} ms`,
        met: addedStdio <= TARGET_MS && upstream === n,
        ...(addedStdio > TARGET_MS ? { why: `stdio adds ${fmt.ms(addedStdio)} per call` } : {}),
      },
    ],
    charts: [
      {
        unit: 'ms (median)',
        bars: [
          { label: 'direct client call', value: m.direct, ours: true },
          { label: 'web_search over MCP stdio', value: m.stdio, ours: true },
          { label: 'web_search over MCP HTTP', value: m.http, ours: true },
          { label: 'MCP HTTP, server in the caller’s process', value: m.httpLocal, ours: true },
        ],
      },
    ],
    details: [
      ['direct client call: median / p95', `${fmt.ms(m.direct)} / ${fmt.ms(percentile(times.direct, 95))}`],
      ['MCP stdio: median / p95', `${fmt.ms(m.stdio)} / ${fmt.ms(percentile(times.stdio, 95))}`],
      ['MCP Streamable HTTP: median / p95', `${fmt.ms(m.http)} / ${fmt.ms(percentile(times.http, 95))}`],
      [
        'MCP Streamable HTTP, server in the caller’s process: median / added',
        `${fmt.ms(m.httpLocal)} / ${fmt.ms(m.httpLocal - m.direct)}`,
      ],
      ['upstream calls / searches', `${upstream} / ${n}`],
    ],
  };
}
