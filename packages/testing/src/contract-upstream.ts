// The `web_search` contract's upstream: a real HTTP server on loopback, so a surface in another process (the
// MCP server over stdio, the CLI) searches the same upstream, with the same answers and the same faults, as
// a surface in this one. It speaks `createHttpTestProvider`'s protocol: the normalized request POSTed as
// JSON, `{results}` back.

import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createSearchClient,
  type ProviderDefinition,
  type SearchClient,
  type SearchProviderV1,
} from '@agent-search/core';
import { createHttpTestProvider } from './http-provider.ts';

/** How the upstream answers the next searches. */
export type UpstreamBehaviour =
  | { kind: 'results' }
  | { kind: 'status'; status: number }
  | { kind: 'malformed' }
  | { kind: 'network' }
  | { kind: 'hang' };

/** One path of the upstream: what it received, and how it answers. */
export interface UpstreamRoute {
  /** Where the contract provider POSTs the searches this route answers. */
  readonly url: string;
  /** Every request body received since the last `reset`, in order. */
  readonly sent: Record<string, unknown>[];
  /** Clears `sent` and sets how the next searches are answered (default: 12 results per search). */
  reset(behaviour?: UpstreamBehaviour): void;
}

/**
 * The upstream: its shared route (`/search`, for a surface in another process, configured once) and a route
 * of its own for each call of an in-process surface, so calls can run side by side.
 */
export interface ContractUpstream extends UpstreamRoute {
  /** A new route, answering 12 results per search until told otherwise. */
  route(): UpstreamRoute;
  close(): Promise<void>;
}

/** The id of the provider the contract's clients search with. */
export const CONTRACT_PROVIDER_ID = 'contract';

/** The text a failing upstream sends: it holds a planted key, which no surface may pass on. */
export const PLANTED_SECRET = 'sk-contract-planted-secret';

/** The contract's results: `count` of them, from `site` when the request filters on one. */
export function contractResults(count: number, query: string, site?: string) {
  return Array.from({ length: count }, (_, i) => ({
    title: `Result ${i + 1} about ${query}`,
    url: site ? `https://${site}/page-${i + 1}` : `https://site${i + 1}.example/${i + 1}`,
    snippet: `Snippet ${i + 1} about ${query}.`,
  }));
}

// A request body is the normalized request: small. Anything larger is not a search of ours.
const MAX_BODY_BYTES = 64 * 1024;

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

function createRoute(url: string): UpstreamRoute & { behaviour: UpstreamBehaviour } {
  const route = {
    url,
    sent: [] as Record<string, unknown>[],
    behaviour: { kind: 'results' } as UpstreamBehaviour,
    reset(next: UpstreamBehaviour = { kind: 'results' }) {
      route.sent.length = 0;
      route.behaviour = next;
    },
  };
  return route;
}

async function answer(
  route: ReturnType<typeof createRoute>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  let body: Record<string, unknown>;
  try {
    body = await readBody(request);
  } catch {
    response.writeHead(400).end();
    return;
  }
  route.sent.push(body);
  const behaviour = route.behaviour;
  switch (behaviour.kind) {
    case 'status':
      response.writeHead(behaviour.status, { 'content-type': 'text/plain' });
      response.end(`upstream said no: key ${PLANTED_SECRET}`);
      return;
    case 'malformed':
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>not json</html>');
      return;
    case 'network':
      request.socket.destroy();
      return;
    case 'hang':
      // Never answers: the caller's deadline ends it (the socket closes with the aborted fetch).
      return;
    case 'results': {
      // A site filter is honoured, as a provider honours it (the client drops results from elsewhere).
      const site = (body.includeDomains as string[] | undefined)?.[0];
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ results: contractResults(12, String(body.query), site) }));
    }
  }
}

/** Starts the upstream on 127.0.0.1 (a free port). */
export async function startContractUpstream(): Promise<ContractUpstream> {
  const routes = new Map<string, ReturnType<typeof createRoute>>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://upstream').pathname;
    const route = routes.get(path);
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    void answer(route, request, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const shared = createRoute(`${base}/search`);
  routes.set('/search', shared);
  let next = 0;
  return {
    get url() {
      return shared.url;
    },
    get sent() {
      return shared.sent;
    },
    reset: shared.reset,
    route() {
      const path = `/call-${++next}`;
      const route = createRoute(`${base}${path}`);
      routes.set(path, route);
      return route;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** The contract's one provider, searching the upstream at `url` (`configured: false`: a provider nobody set up). */
export function contractProvider(url: string, configured = true): SearchProviderV1 {
  return createHttpTestProvider({ id: CONTRACT_PROVIDER_ID, url, configured });
}

/** A client over the contract's provider, with one deadline for the search and its one attempt. */
export function contractClient(
  url: string,
  options: { timeoutMs: number; configured: boolean },
): SearchClient {
  return createSearchClient({
    providers: [contractProvider(url, options.configured)],
    timeoutMs: options.timeoutMs,
    attemptTimeoutMs: options.timeoutMs,
  });
}

/**
 * The contract's provider as configuration knows one, for a surface started from its environment (the MCP
 * server, the CLI): `CONTRACT_BASE_URL` is the upstream's URL. Without it the provider is not set up, as a
 * self-hosted provider without its URL is not: the set-up with no usable provider.
 */
export const contractProviderDefinition: ProviderDefinition = {
  id: CONTRACT_PROVIDER_ID,
  name: 'Contract upstream',
  baseUrlEnv: 'CONTRACT_BASE_URL',
  baseUrlRequired: true,
  capabilities: contractProvider('http://127.0.0.1/').capabilities,
  load: async () => ({
    fromEnv: (env) => {
      const url = env.CONTRACT_BASE_URL?.trim();
      return contractProvider(url || 'http://127.0.0.1/', Boolean(url));
    },
  }),
};
