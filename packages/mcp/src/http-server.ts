import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Logger, silentLogger } from '@agent-search/core';
import {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  type McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { type HttpGuardOptions, isLoopbackHost, refusal } from './http-guard.ts';
import { toWebRequest, writeWebResponse } from './web-exchange.ts';

export const MCP_PATH = '/mcp';
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_MAX_SESSIONS = 1_000;
export const DEFAULT_MAX_SESSIONS_PER_CLIENT = 16;
export const DEFAULT_BODY_TIMEOUT_MS = 10_000;
export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;

/** Who opened a session: sessions of one client share its limits. */
export interface McpClient {
  /** The client's network address ("127.0.0.1", "2001:db8::7"). */
  id: string;
}

export interface McpHttpServerOptions {
  /**
   * Makes the MCP server for a new session of `client` (2025 protocols), or for one request of `client`
   * (the 2026-07-28 protocol, stateless).
   */
  createServer: (client: McpClient) => McpServer;
  /** Default 127.0.0.1. Any other address needs `token`. */
  host?: string;
  /** Default 0: a free port (read it from `url`). */
  port?: number;
  /** Bearer token every request must carry; required when `host` is not a loopback address. */
  token?: string;
  allowedOrigins?: readonly string[];
  allowedHosts?: readonly string[];
  /** Largest request body; larger ones get 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /**
   * Sessions kept at once. Past it a new session is refused (503), unless the client already has sessions:
   * then its own least recently used one is closed. Default 1000.
   */
  maxSessions?: number;
  /** Sessions one client (network address) keeps; past it, its own least recently used one closes. Default 16. */
  maxSessionsPerClient?: number;
  /** A session unused this long is closed when room is needed. Default 30 minutes. */
  sessionIdleMs?: number;
  /** Longest a client may take to send a request body; slower ones get 408 and are disconnected. Default 10 s. */
  bodyTimeoutMs?: number;
  logger?: Logger;
}

export interface McpHttpServer {
  /** `http://<host>:<port>/mcp`. */
  readonly url: string;
  readonly port: number;
  /** Open sessions (2025-protocol clients; a 2026-07-28 client keeps none). */
  sessions(): number;
  /**
   * Stops taking requests, waits for `drain` (the tool calls in flight answering on their open streams),
   * then closes every session and connection.
   */
  close(drain?: () => Promise<unknown>): Promise<void>;
}

/** Thrown when the options would expose the server unsafely; the message says what to do. */
export class McpHttpConfigError extends Error {
  override readonly name = 'McpHttpConfigError';
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * Answers 413 at once, then reads and drops what the client still sends (at most `drainBytes`, for at most
 * `ms`) before the connection closes: a socket closed with data unread is reset, and the reset can reach
 * the client before the answer does. The answer carries its length, so the client has all of it as soon
 * as it is written.
 */
function refuseTooLarge(
  req: IncomingMessage,
  res: ServerResponse,
  message: string,
  drainBytes: number,
  ms: number,
) {
  if (res.headersSent) {
    res.end();
    return;
  }
  const payload = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
  res.writeHead(413, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(payload)),
    Connection: 'close',
  });
  res.write(payload);
  let drained = 0;
  const done = () => {
    clearTimeout(timer);
    req.off('data', onData).off('end', done).off('error', done);
    res.end();
  };
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > drainBytes) done();
  };
  const timer = setTimeout(done, ms);
  req.on('data', onData).once('end', done).once('error', done);
  req.resume();
}

class BodyTooLarge extends Error {}
class BodyTooSlow extends Error {}

/** The body as JSON, within `maxBytes` and `timeoutMs` (a body dripped byte by byte must not hold a socket). */
function readJsonBody(req: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (error: Error) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', stop);
      // Nothing more is read; the handler answers and closes the connection.
      req.pause();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) stop(new BodyTooLarge());
      else chunks.push(chunk);
    };
    const onEnd = () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(error);
      }
    };
    const timer = setTimeout(() => stop(new BodyTooSlow()), timeoutMs);
    req.on('data', onData).on('end', onEnd).on('error', stop);
  });
}

/** A client's address, one spelling per address (IPv4-mapped IPv6 as IPv4). */
function clientOf(req: IncomingMessage): McpClient {
  const address = req.socket.remoteAddress ?? 'unknown';
  return { id: address.startsWith('::ffff:') ? address.slice(7) : address };
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  client: string;
  lastUsed: number;
}

/** Resolves when every response has ended, or after `ms`. */
async function ended(responses: ServerResponse[], ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(
      responses.map((res) => (res.writableFinished || res.destroyed ? undefined : once(res, 'close'))),
    ),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

/**
 * Streamable HTTP at `/mcp`, for clients of both protocol eras: a 2026-07-28 request (stateless, its
 * version in its `_meta`) is answered by a new MCP server for that request alone; a 2025 client opens a
 * session with `initialize`, one MCP server per session. Safe by default: loopback only unless a bearer
 * token is set, Host and Origin checked against DNS rebinding, bounded bodies and session count.
 */
export async function startMcpHttpServer(options: McpHttpServerOptions): Promise<McpHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token?.trim() || undefined;
  const loopback = isLoopbackHost(host);
  if (!loopback && token === undefined) {
    throw new McpHttpConfigError(
      `refusing to listen on ${host} without a token: anyone who can reach it could search on your keys. Set AGENT_SEARCH_MCP_TOKEN, or listen on 127.0.0.1`,
    );
  }
  const logger = options.logger ?? silentLogger;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const maxPerClient = options.maxSessionsPerClient ?? DEFAULT_MAX_SESSIONS_PER_CLIENT;
  const idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  // Insertion order is recency: a session's entry is moved to the end on every request.
  const sessions = new Map<string, Session>();
  // POSTs whose answer is still being written; a shutdown lets them end before closing sessions.
  const openPosts = new Set<ServerResponse>();
  let closing = false;
  const guard: HttpGuardOptions = {
    port: 0,
    loopback,
    allowedHosts: (options.allowedHosts ?? []).map((h) => h.toLowerCase()),
    allowedOrigins: options.allowedOrigins ?? [],
    token,
  };

  function closeSession(id: string): Promise<void> {
    const session = sessions.get(id);
    sessions.delete(id);
    return session ? session.transport.close().catch(() => undefined) : Promise.resolve();
  }

  /**
   * Makes room for one more session of `client`: idle sessions go first, then the client's own least
   * recently used one when it is at its cap. Never another client's active session: no client can push
   * the others out. False when the server is full of other clients' active sessions.
   */
  async function roomFor(client: string): Promise<boolean> {
    const now = Date.now();
    for (const [id, session] of sessions) {
      if (now - session.lastUsed < idleMs) break; // recency order: the rest are newer
      await closeSession(id);
    }
    const own = [...sessions].filter(([, s]) => s.client === client);
    if (own.length >= maxPerClient || (sessions.size >= maxSessions && own.length > 0)) {
      await closeSession(own[0]![0]);
    }
    return sessions.size < maxSessions;
  }

  async function openSession(req: IncomingMessage, res: ServerResponse, body: unknown) {
    const client = clientOf(req);
    if (!(await roomFor(client.id))) {
      logger.warn({ sessions: sessions.size }, 'mcp http: session limit reached; refusing a new session');
      return sendError(res, 503, 'Too many sessions are open; try again later', { 'Retry-After': '60' });
    }
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      // A POST's answer as one JSON body rather than an SSE stream: no tool sends anything before its
      // result, and a stream costs two socket writes (headers at once, then the event and the end) where
      // JSON takes one, each a wake-up of the client's process. The GET stream for server-initiated
      // messages is still SSE.
      enableJsonResponse: true,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, client: client.id, lastUsed: Date.now() });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    const server = options.createServer(client);
    await server.connect(transport);
    await writeWebResponse(res, await transport.handleRequest(toWebRequest(req, res), { parsedBody: body }));
  }

  // The 2026-07-28 protocol: every request stands alone, served by a server made for it. The handler's
  // factory learns which client asks from the Request it is given.
  const clients = new WeakMap<Request, McpClient>();
  const modern = createMcpHandler(
    ({ requestInfo }) => options.createServer((requestInfo && clients.get(requestInfo)) ?? { id: 'unknown' }),
    {
      // 2025 traffic is ours to route (sessions, above): this handler answers the modern era only.
      legacy: 'reject',
      maxRequestBodySize: maxBodyBytes,
      onerror: (error) => logger.debug({ error: error.message }, 'mcp http: request refused'),
    },
  );

  async function answerModern(req: IncomingMessage, res: ServerResponse, body: unknown) {
    const request = toWebRequest(req, res);
    clients.set(request, clientOf(req));
    await writeWebResponse(res, await modern.fetch(request, { parsedBody: body }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== MCP_PATH) return sendError(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);
    const refused = refusal(req.headers, guard);
    if (refused) return sendError(res, refused.status, refused.message, refused.headers);
    if (closing) return sendError(res, 503, 'The server is shutting down', { Connection: 'close' });

    let body: unknown;
    if (req.method === 'POST') {
      openPosts.add(res);
      res.once('close', () => openPosts.delete(res));
      try {
        body = await readJsonBody(req, maxBodyBytes, bodyTimeoutMs);
      } catch (error) {
        if (error instanceof BodyTooSlow) {
          // The request stream is destroyed; the socket may still take this answer.
          return sendError(res, 408, `Request body not received within ${bodyTimeoutMs} ms`, {
            Connection: 'close',
          });
        }
        if (error instanceof BodyTooLarge) {
          const message = `Request body larger than ${maxBodyBytes} bytes`;
          return refuseTooLarge(req, res, message, 4 * maxBodyBytes, bodyTimeoutMs);
        }
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }),
        );
        return;
      }
    }

    const id = req.headers['mcp-session-id'];
    if (typeof id === 'string') {
      const session = sessions.get(id);
      if (!session) return sendError(res, 404, 'Session not found: start a new one');
      sessions.delete(id);
      session.lastUsed = Date.now();
      sessions.set(id, session);
      const answer = await session.transport.handleRequest(toWebRequest(req, res), { parsedBody: body });
      return writeWebResponse(res, answer);
    }
    if (req.method === 'POST' && isInitializeRequest(body)) return openSession(req, res, body);
    if (req.method === 'POST' && !(await isLegacyRequest(toWebRequest(req, res), body)))
      return answerModern(req, res, body);
    return sendError(res, 400, 'Bad request: no session; send an initialize request first');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      logger.error(
        { error: error instanceof Error ? error.message : String(error) },
        'mcp http request failed',
      );
      sendError(res, 500, 'Internal server error');
    });
  });
  server.requestTimeout = 0; // SSE streams stay open; the searches have their own deadlines.
  // Bodies have their own limit (bodyTimeoutMs); headers get as long.
  server.headersTimeout = bodyTimeoutMs;
  server.listen(options.port ?? 0, host);
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  guard.port = port;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}${MCP_PATH}`,
    port,
    sessions: () => sessions.size,
    async close(drain) {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await drain?.();
      // Answers to those calls are still on their way out: let their POST streams end first.
      await ended([...openPosts], 1_000);
      await Promise.allSettled([...sessions.values()].map((s) => s.transport.close()));
      await modern.close().catch(() => undefined);
      sessions.clear();
      server.closeIdleConnections();
      // Whatever is still open now is a stream nobody will write to again.
      setTimeout(() => server.closeAllConnections(), 1_000).unref();
      await closed;
    },
  };
}
