import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SimulatorAgent } from './duckduckgo-agent.ts';
import {
  endpointsOf,
  healthyResponse,
  queryOf,
  routeOf,
  SIMULATED_ENDPOINTS,
  type SimulatedEndpoint,
  type SimulatedProvider,
  type SimulatedRequest,
  type SimulatedResponse,
} from './endpoints.ts';
import { faultResponse, SIMULATOR_FAULTS, type SimulatorFault } from './faults.ts';
import { type LatencyDistribution, type Random, sampleLatency, seededRandom } from './latency.ts';
import { loopbackFetch } from './loopback-fetch.ts';

/** How one endpoint behaves; change it at any time with `configure`. */
export interface EndpointBehaviour {
  /** Time before the answer (or the fault). Default: the simulator's `latency`. */
  latency: LatencyDistribution;
  /** Probability of each fault per request (summing to at most 1); the other requests are answered. */
  faults: Partial<Record<SimulatorFault, number>>;
  /** Replaces the healthy answer, e.g. with a mutated payload. Faults still take precedence. */
  respond?: (request: SimulatedRequest) => SimulatedResponse;
}

/** What happened to the requests of one endpoint. */
export interface EndpointStats {
  /** Requests received (the upstream calls a client made). */
  calls: number;
  /** Requests answered with the healthy (or `respond`) answer. */
  answered: number;
  /** Requests that got each fault. */
  faults: Record<SimulatorFault, number>;
}

export interface ProviderSimulatorOptions {
  /** Latency of every endpoint until configured otherwise. Default: none (`{ kind: 'fixed', ms: 0 }`). */
  latency?: LatencyDistribution;
  /** Seed for latencies and fault draws, so a run can be repeated. Default 1. */
  seed?: number;
}

export interface ProviderSimulator {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly port: number;
  /** Base URLs to give the providers: DuckDuckGo, Tavily, Exa, Brave and SearXNG `baseURL`. */
  readonly urls: { duckDuckGoHtml: string; tavily: string; exa: string; brave: string; searxng: string };
  /**
   * For our DuckDuckGo provider's `fetch` option: its token page, d.js, news.js and v.js requests (fixed
   * https URLs) reach this simulator instead.
   */
  readonly fetch: typeof fetch;
  /** For duck-duck-scrape, a peer in the benchmarks (`needle`'s `agent` option): the same, for its requests. */
  readonly agent: SimulatorAgent;
  /** Changes how a provider's endpoints, or one endpoint, behave; unnamed fields keep their value. */
  configure(target: SimulatedProvider | SimulatedEndpoint, behaviour: Partial<EndpointBehaviour>): void;
  /** Back to healthy endpoints with the starting latency, and counters at zero. */
  reset(): void;
  stats(endpoint: SimulatedEndpoint): EndpointStats;
  /** Requests received by a provider's endpoints, or one endpoint. */
  calls(target: SimulatedProvider | SimulatedEndpoint): number;
  resetStats(): void;
  /** Stops the server, dropping hanging requests. */
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1_000_000;

function emptyStats(): EndpointStats {
  return {
    calls: 0,
    answered: 0,
    faults: Object.fromEntries(SIMULATOR_FAULTS.map((f) => [f, 0])) as Record<SimulatorFault, number>,
  };
}

function drawFault(faults: EndpointBehaviour['faults'], random: Random): SimulatorFault | undefined {
  let roll = random();
  for (const fault of SIMULATOR_FAULTS) {
    const p = faults[fault] ?? 0;
    if (p <= 0) continue;
    if (roll < p) return fault;
    roll -= p;
  }
  return undefined;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Waits `ms`, or less when the client goes away first (then resolves false). */
function delay(ms: number, response: ServerResponse): Promise<boolean> {
  if (ms <= 0) return Promise.resolve(!response.destroyed);
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      response.off('close', onClose);
      resolve(!response.destroyed);
    }, ms);
    response.once('close', onClose);
  });
}

/**
 * A loopback HTTP server speaking DuckDuckGo's (HTML endpoint, vqd page, d.js, news.js, v.js), Tavily's
 * and Exa's search APIs, with per-endpoint latency distributions and faults that can be changed while it
 * runs, and counters of every upstream call. Point providers at it with `urls` and `fetch` (`agent`
 * for duck-duck-scrape).
 */
export async function startProviderSimulator(
  options: ProviderSimulatorOptions = {},
): Promise<ProviderSimulator> {
  const baseLatency: LatencyDistribution = options.latency ?? { kind: 'fixed', ms: 0 };
  const random = seededRandom(options.seed ?? 1);
  const behaviours = new Map<SimulatedEndpoint, EndpointBehaviour>();
  const stats = new Map<SimulatedEndpoint, EndpointStats>();
  const resetBehaviours = () => {
    for (const endpoint of SIMULATED_ENDPOINTS)
      behaviours.set(endpoint, { latency: baseLatency, faults: {} });
  };
  const resetStats = () => {
    for (const endpoint of SIMULATED_ENDPOINTS) stats.set(endpoint, emptyStats());
  };
  resetBehaviours();
  resetStats();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    const endpoint = routeOf(method, url);
    if (!endpoint) {
      response
        .writeHead(404, { 'content-type': 'text/plain' })
        .end(`no simulated endpoint for ${method} ${url.pathname}`);
      return;
    }
    const json = endpoint === 'tavily.search' || endpoint === 'exa.search' ? parseJson(body) : undefined;
    const simulated: SimulatedRequest = {
      endpoint,
      method,
      url,
      host: request.headers.host ?? '',
      body,
      query: queryOf(endpoint, url, body, json),
      ...(json ? { json } : {}),
    };
    const behaviour = behaviours.get(endpoint)!;
    const counters = stats.get(endpoint)!;
    counters.calls++;
    const fault = drawFault(behaviour.faults, random);
    if (fault) counters.faults[fault]++;
    else counters.answered++;
    if (fault === 'hang') return; // the socket stays open until the client gives up or the server closes
    if (!(await delay(sampleLatency(behaviour.latency, random), response))) return;
    if (fault === 'reset') {
      request.socket.resetAndDestroy();
      return;
    }
    const healthy = behaviour.respond?.(simulated) ?? healthyResponse(simulated);
    const answer = fault ? faultResponse(endpoint, fault, simulated.query, healthy.body) : healthy;
    response.writeHead(answer.status, answer.headers ?? {}).end(answer.body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent && !response.destroyed) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`simulator error: ${String(error)}`);
      }
    });
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const agent = new SimulatorAgent(port);

  return {
    origin,
    port,
    urls: {
      duckDuckGoHtml: `${origin}/html/`,
      tavily: `${origin}/tavily`,
      exa: `${origin}/exa`,
      brave: `${origin}/brave`,
      searxng: `${origin}/searxng`,
    },
    fetch: loopbackFetch(origin),
    agent,
    configure(target, behaviour) {
      const endpoints = endpointsOf(target);
      if (endpoints.length === 0) throw new TypeError(`Unknown simulator target "${target}"`);
      for (const endpoint of endpoints)
        behaviours.set(endpoint, { ...behaviours.get(endpoint)!, ...behaviour });
    },
    reset() {
      resetBehaviours();
      resetStats();
    },
    stats: (endpoint) => structuredClone(stats.get(endpoint)!),
    calls: (target) => endpointsOf(target).reduce((sum, e) => sum + stats.get(e)!.calls, 0),
    resetStats,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
