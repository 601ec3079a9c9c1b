import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { SearchProvider } from '@agent-search/core';
import type { ProviderKit } from '../kit.ts';
import { encodeAsAsked, type SimulatorCompression } from './compression.ts';
import { CORPUS } from './corpus.ts';
import { queryOf, SimulatorRoutes } from './endpoints.ts';
import { faultResponse } from './faults.ts';
import { type LatencyDistribution, type Random, sampleLatency, seededRandom } from './latency.ts';
import { SimulatorAgent } from './loopback-agent.ts';
import { FORWARDED_HOST, loopbackFetch } from './loopback-fetch.ts';
import {
  SIMULATOR_FAULTS,
  type SimulatedRequest,
  type SimulatedResponse,
  type SimulatorCorpus,
  type SimulatorFault,
} from './simulation.ts';

/** How one endpoint behaves; change it at any time with `configure`. */
export interface EndpointBehaviour {
  /** Time before the answer (or the fault). Default: the simulator's `latency`. */
  latency: LatencyDistribution;
  /** Probability of each fault per request (summing to at most 1); the other requests are answered. */
  faults: Partial<Record<SimulatorFault, number>>;
  /** Replaces the healthy answer (given as `healthy`), e.g. with a mutated payload. Faults still take precedence. */
  respond?: (request: SimulatedRequest, healthy: SimulatedResponse) => SimulatedResponse;
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
  /** The providers to serve, as their test kits describe them (e.g. `loadProviderKits()`). */
  kits: readonly ProviderKit[];
  /** What the simulated engines know. Default: the built-in corpus on one topic. */
  corpus?: SimulatorCorpus;
  /** Latency of every endpoint until configured otherwise. Default: none (`{ kind: 'fixed', ms: 0 }`). */
  latency?: LatencyDistribution;
  /**
   * Seed for latencies and fault draws, so a run can be repeated. Each endpoint draws from its own stream,
   * so what one endpoint is asked does not change another's draws. Default 1.
   */
  seed?: number;
  /**
   * Serve HTTPS with this key and certificate (PEM) instead of plain HTTP, as the real hosts do: for a
   * benchmark whose clients reach the simulator by name, paying TLS like they would upstream.
   */
  tls?: { key: string; cert: string };
  /** Where to listen. Default `127.0.0.1` on a free port. */
  listen?: { host?: string; port?: number };
  /**
   * Compress answers as the request's Accept-Encoding asks (`'as-asked'`, see `encodeAsAsked`), as the real
   * services do. Default `'none'`: bodies go out as they are, whatever the client accepts.
   */
  compression?: SimulatorCompression;
}

/** A provider's id, or one endpoint's name (`<id>.<endpoint>`). */
export type SimulatorTarget = string;

export interface ProviderSimulator {
  /** `http://127.0.0.1:<port>` (`https://` and the listening host with `tls` and `listen`). */
  readonly origin: string;
  readonly port: number;
  /** The kits of the providers served, as given. */
  readonly kits: readonly ProviderKit[];
  /** Every provider served, by id. */
  readonly providers: readonly string[];
  /** Every endpoint served, `<id>.<endpoint>`. */
  readonly endpoints: readonly string[];
  /** What to give a provider as its base URL: `<origin>/<id>`. */
  baseURL(provider: ProviderKit | string): string;
  /**
   * A served provider (its kit, or its id) on this simulator: its base URL, its kit's test key, and
   * `fetch` when its kit has hosts of its own (the kit's `simulation.create` when it has one, else `create`).
   */
  provider(provider: ProviderKit | string): SearchProvider;
  /**
   * For a provider's `fetch` option: requests to fixed https URLs on a kit's hosts reach this simulator
   * instead, path and query unchanged.
   */
  readonly fetch: typeof fetch;
  /** For a peer library's https requests (e.g. `needle`'s `agent` option): the same, for its requests. */
  readonly agent: SimulatorAgent;
  /** Changes how a provider's endpoints, or one endpoint, behave; unnamed fields keep their value. */
  configure(target: SimulatorTarget, behaviour: Partial<EndpointBehaviour>): void;
  /**
   * Back to healthy endpoints with the starting latency, and counters at zero. With a `seed`, every
   * endpoint's draws start again from it: two runs reset with one seed see the same latencies and faults,
   * request for request at each endpoint (common random numbers for contenders run in turn).
   */
  reset(seed?: number): void;
  stats(endpoint: string): EndpointStats;
  /** Requests received by a provider's endpoints, or one endpoint. */
  calls(target: SimulatorTarget): number;
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

/** The host a request was sent to, when it is not the simulator itself (see `loopbackFetch` and the agent). */
function kitHost(request: IncomingMessage): string | undefined {
  const forwarded = request.headers[FORWARDED_HOST];
  const host = (typeof forwarded === 'string' ? forwarded : request.headers.host) ?? '';
  const name = host.replace(/:\d+$/, '');
  return name === '' || LOOPBACK_NAMES.has(name) ? undefined : name;
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An endpoint's own seed: the run's seed mixed with its name (FNV-1a). */
function endpointSeed(seed: number, endpoint: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < endpoint.length; i++) hash = Math.imul(hash ^ endpoint.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/**
 * A loopback HTTP server speaking the search APIs of the providers whose kits it is given, with
 * per-endpoint latency distributions and faults that can be changed while it runs, and counters of every
 * upstream call. Point providers at it with `baseURL` and `fetch` (or take `provider(kit)`); `agent` is
 * for peer libraries that call fixed https URLs.
 */
export async function startProviderSimulator(options: ProviderSimulatorOptions): Promise<ProviderSimulator> {
  const routes = new SimulatorRoutes(options.kits);
  const corpus = options.corpus ?? CORPUS;
  const baseLatency: LatencyDistribution = options.latency ?? { kind: 'fixed', ms: 0 };
  const streams = new Map<string, Random>();
  const reseed = (seed: number) => {
    for (const endpoint of routes.endpoints)
      streams.set(endpoint, seededRandom(endpointSeed(seed, endpoint)));
  };
  reseed(options.seed ?? 1);
  const behaviours = new Map<string, EndpointBehaviour>();
  const stats = new Map<string, EndpointStats>();
  const resetBehaviours = () => {
    for (const endpoint of routes.endpoints) behaviours.set(endpoint, { latency: baseLatency, faults: {} });
  };
  const resetStats = () => {
    for (const endpoint of routes.endpoints) stats.set(endpoint, emptyStats());
  };
  resetBehaviours();
  resetStats();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    const host = kitHost(request);
    const routed = routes.resolve(method, url, host);
    if (!routed) {
      response
        .writeHead(404, { 'content-type': 'text/plain' })
        .end(`no simulated endpoint for ${method} ${host ?? ''}${url.pathname}`);
      return;
    }
    const endpoint = routed.name;
    const json = parseJson(body);
    const seen = { method, url, host: host ?? request.headers.host ?? '', body, ...(json ? { json } : {}) };
    const simulated: SimulatedRequest = { endpoint, ...seen, query: queryOf(routed.spec, seen) };
    const behaviour = behaviours.get(endpoint)!;
    const counters = stats.get(endpoint)!;
    counters.calls++;
    const random = streams.get(endpoint)!;
    const fault = drawFault(behaviour.faults, random);
    if (fault) counters.faults[fault]++;
    else counters.answered++;
    if (fault === 'hang') return; // the socket stays open until the client gives up or the server closes
    if (!(await delay(sampleLatency(behaviour.latency, random), response))) return;
    if (fault === 'reset') {
      request.socket.resetAndDestroy();
      return;
    }
    const answer = routed.spec.answer(simulated, corpus);
    const healthy = behaviour.respond ? behaviour.respond(simulated, answer) : answer;
    const sent = fault ? faultResponse(routed, fault, simulated, healthy) : healthy;
    if (options.compression === 'as-asked') {
      const encoded = encodeAsAsked(request.headers['accept-encoding'], sent.body);
      response
        .writeHead(sent.status, { ...sent.headers, ...encoded.headers, vary: 'Accept-Encoding' })
        .end(encoded.body);
      return;
    }
    response.writeHead(sent.status, sent.headers ?? {}).end(sent.body);
  }

  const listener = (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent && !response.destroyed) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`simulator error: ${String(error)}`);
      }
    });
  };
  const server = options.tls ? createTlsServer(options.tls, listener) : createServer(listener);
  server.keepAliveTimeout = 30_000;
  const host = options.listen?.host ?? '127.0.0.1';
  server.listen(options.listen?.port ?? 0, host);
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const origin = `${options.tls ? 'https' : 'http'}://${host}:${port}`;
  const agent = new SimulatorAgent(port, host);
  const simulatorFetch = loopbackFetch(origin);
  const baseURL = (provider: ProviderKit | string) =>
    `${origin}/${typeof provider === 'string' ? provider : provider.definition.id}`;

  return {
    origin,
    port,
    providers: routes.providers,
    endpoints: routes.endpoints,
    baseURL,
    kits: options.kits,
    provider(provider) {
      const kit = typeof provider === 'string' ? routes.kit(provider) : provider;
      const create = kit.simulation?.create ?? kit.create;
      // Only a kit with hosts of its own needs the loopback fetch; the others call their base URL here.
      const fetch = kit.simulation?.hosts?.length ? { fetch: simulatorFetch } : {};
      return create({ apiKey: kit.apiKey, baseURL: baseURL(kit), ...fetch });
    },
    fetch: simulatorFetch,
    agent,
    configure(target, behaviour) {
      const endpoints = routes.endpointsOf(target);
      if (endpoints.length === 0) throw new TypeError(`Unknown simulator target "${target}"`);
      for (const endpoint of endpoints)
        behaviours.set(endpoint, { ...behaviours.get(endpoint)!, ...behaviour });
    },
    reset(seed) {
      resetBehaviours();
      resetStats();
      if (seed !== undefined) reseed(seed);
    },
    stats(endpoint) {
      const counters = stats.get(endpoint);
      if (!counters) throw new TypeError(`Unknown simulator endpoint "${endpoint}"`);
      return structuredClone(counters);
    },
    calls: (target) => routes.endpointsOf(target).reduce((sum, e) => sum + stats.get(e)!.calls, 0),
    resetStats,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
