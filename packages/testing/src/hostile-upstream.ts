import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KitBody, KitEntry, ProviderKit } from './kit.ts';

/**
 * A loopback HTTP server that answers the way a broken, compromised or malicious upstream would, on the
 * paths the providers call when pointed at it (`baseURL(kit)`): markup, forged citations, escape codes,
 * huge and slow bodies, resets, redirects. Every request is recorded (headers and body) and every body
 * byte sent is counted, so tests can assert what reached the server and how much a client read. What a
 * provider's API looks like comes from its kit.
 */

/** What a provider is given as its base URL, relative to the server: `/<id>`. */
export const hostileBasePath = (kit: ProviderKit) => `/${kit.definition.id}`;
/** The path of the provider's search route on the server. */
export const hostileRoute = (kit: ProviderKit) => `${hostileBasePath(kit)}${kit.route.path}`;

/** A provider (its kit's route), or any path. */
export type HostileTarget = ProviderKit | `/${string}`;

export type HostileAnswer =
  /** A complete answer. */
  | { kind: 'body'; status?: number; headers?: Record<string, string>; body: string }
  /**
   * `bytes` of body generated lazily (`prefix`, `repeat` over and over, then `suffix`), written as fast as
   * the client reads; `declareLength` sends a Content-Length, otherwise it is chunked.
   */
  | {
      kind: 'huge';
      status?: number;
      contentType: string;
      bytes: number;
      prefix?: string;
      repeat: string;
      suffix?: string;
      declareLength?: boolean;
    }
  /** Headers at once, then `chunk` every `intervalMs`, for ever (until the client or the server closes). */
  | { kind: 'drip'; status?: number; contentType: string; prefix?: string; chunk: string; intervalMs: number }
  /** The request is read and never answered. */
  | { kind: 'hang' }
  /** The connection is reset (TCP RST) instead of an answer, or after `afterBytes` of a 200 body. */
  | { kind: 'reset'; afterBytes?: number; contentType?: string }
  /** A redirect to `location` (another origin, or a path here). */
  | { kind: 'redirect'; status?: 301 | 302 | 303 | 307 | 308; location: string };

/** One request as the server saw it. */
export interface HostileRequest {
  method: string;
  path: string;
  /** The query string, with its "?" ("" without one): GET APIs send the search here. */
  search: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface HostileUpstream {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** What to give the provider as `baseURL`. */
  baseURL(kit: ProviderKit): string;
  /**
   * Answers requests to a provider's route, or to a path, with `answer` (or what it returns per request);
   * a request to a provider's route with another method than its kit's gets a 405.
   */
  answer(target: HostileTarget, answer: HostileAnswer | ((request: HostileRequest) => HostileAnswer)): void;
  /** Every request received, oldest first. */
  readonly requests: readonly HostileRequest[];
  /** Body bytes written so far to answers on a provider's route or a path. */
  bytesSent(target: HostileTarget): number;
  /** Sockets the server still has open (a client that keeps a connection alive holds one). */
  openConnections(): number;
  /** Forgets answers, requests and counters. */
  reset(): void;
  /** Stops the server, dropping hanging and dripping requests. */
  close(): Promise<void>;
}

const pathOf = (target: HostileTarget) => (typeof target === 'string' ? target : hostileRoute(target));

/** Normalizes "/html" and "/html/" (an endpoint may be called with or without the slash). */
const keyOf = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

async function readRequest(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** Writes `text`, waiting for the client to read when the socket's buffer is full; false once it is gone. */
async function write(response: ServerResponse, text: string | Buffer): Promise<boolean> {
  if (response.destroyed) return false;
  if (response.write(text)) return true;
  await new Promise<void>((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
  return !response.destroyed;
}

export async function startHostileUpstream(): Promise<HostileUpstream> {
  const answers = new Map<
    string,
    { method?: string; answer: HostileAnswer | ((request: HostileRequest) => HostileAnswer) }
  >();
  const sent = new Map<string, number>();
  const requests: HostileRequest[] = [];
  const timers = new Set<ReturnType<typeof setInterval>>();
  // Answers still streaming after a reset() count for nobody.
  let generation = 0;

  async function serve(answer: HostileAnswer, key: string, req: IncomingMessage, res: ServerResponse) {
    const started = generation;
    const count = (_key: string, bytes: number) => {
      if (generation === started) sent.set(key, (sent.get(key) ?? 0) + bytes);
    };
    switch (answer.kind) {
      case 'body': {
        res.writeHead(answer.status ?? 200, answer.headers ?? {});
        count(key, Buffer.byteLength(answer.body));
        res.end(answer.body);
        return;
      }
      case 'redirect':
        res.writeHead(answer.status ?? 307, { location: answer.location }).end();
        return;
      case 'hang':
        return;
      case 'reset': {
        if (answer.afterBytes === undefined) {
          req.socket.resetAndDestroy();
          return;
        }
        res.writeHead(200, { 'content-type': answer.contentType ?? 'application/json' });
        const part = '{"results":['.padEnd(answer.afterBytes, ' ');
        count(key, Buffer.byteLength(part));
        res.write(part, () => setTimeout(() => req.socket.resetAndDestroy(), 20));
        return;
      }
      case 'drip': {
        res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType });
        if (answer.prefix) {
          count(key, Buffer.byteLength(answer.prefix));
          res.write(answer.prefix);
        }
        const timer = setInterval(() => {
          if (res.destroyed) {
            clearInterval(timer);
            timers.delete(timer);
            return;
          }
          count(key, Buffer.byteLength(answer.chunk));
          res.write(answer.chunk);
        }, answer.intervalMs);
        timers.add(timer);
        res.once('close', () => {
          clearInterval(timer);
          timers.delete(timer);
        });
        return;
      }
      case 'huge': {
        const prefix = Buffer.from(answer.prefix ?? '');
        const suffix = Buffer.from(answer.suffix ?? '');
        // Repeated into ~64 KB blocks, so 100 MB is ~1,600 writes, never held in memory at once.
        const unit = Buffer.from(answer.repeat);
        const block = Buffer.concat(Array(Math.max(1, Math.floor(65_536 / unit.length))).fill(unit));
        // Whole repetitions only, so a body that is read to its end still parses.
        const room = Math.max(0, answer.bytes - prefix.length - suffix.length);
        const middle = room - (room % unit.length);
        res.writeHead(answer.status ?? 200, {
          'content-type': answer.contentType,
          ...(answer.declareLength
            ? { 'content-length': String(prefix.length + middle + suffix.length) }
            : {}),
        });
        if (!(await write(res, prefix))) return;
        count(key, prefix.length);
        let left = middle;
        while (left > 0) {
          const piece = left >= block.length ? block : block.subarray(0, left);
          if (!(await write(res, piece))) return;
          count(key, piece.length);
          left -= piece.length;
        }
        if (!(await write(res, suffix))) return;
        count(key, suffix.length);
        res.end();
        return;
      }
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    readRequest(req)
      .then(async (body) => {
        const request: HostileRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          search: url.search,
          headers: req.headers,
          body,
        };
        requests.push(request);
        const key = keyOf(url.pathname);
        const configured = answers.get(key);
        if (!configured) {
          res.writeHead(404, { 'content-type': 'text/plain' }).end(`nothing configured for ${url.pathname}`);
          return;
        }
        if (configured.method && configured.method !== request.method) {
          res
            .writeHead(405, { 'content-type': 'text/plain' })
            .end(`${url.pathname} takes ${configured.method}`);
          return;
        }
        const { answer } = configured;
        await serve(typeof answer === 'function' ? answer(request) : answer, key, req, res);
      })
      .catch(() => {
        if (!res.headersSent && !res.destroyed) res.writeHead(500).end();
      });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  let connections = 0;
  server.on('connection', (socket) => {
    connections++;
    socket.once('close', () => connections--);
  });

  return {
    origin,
    baseURL: (kit) => `${origin}${hostileBasePath(kit)}`,
    answer(target, answer) {
      answers.set(keyOf(pathOf(target)), {
        ...(typeof target === 'string' ? {} : { method: target.route.method }),
        answer,
      });
    },
    requests,
    bytesSent: (target) => sent.get(keyOf(pathOf(target))) ?? 0,
    openConnections: () => connections,
    reset() {
      generation++;
      answers.clear();
      sent.clear();
      requests.length = 0;
    },
    async close() {
      for (const timer of timers) clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Hostile content, shaped like each provider's API by its kit.

/** One search result as an upstream would send it; every field may be hostile. */
export type HostileEntry = KitEntry;

const ESC = '\u001B';
const BEL = '\u0007';

/** Two plain results (nothing hostile in them), for tests that follow a provider's pages to what users see. */
export const HEAT_PUMP_ENTRIES: readonly HostileEntry[] = [
  { title: 'Heat pump systems', url: 'https://www.energy.gov/heat-pumps', snippet: 'How heat pumps work.' },
  {
    title: 'Heat pump - Wikipedia',
    url: 'https://en.wikipedia.org/wiki/Heat_pump',
    snippet: 'A heat pump moves heat.',
  },
];

/**
 * Results a compromised or malicious upstream might send: markup (nested to survive one pass of tag
 * stripping, and entity-encoded), forged citations, empty fields, terminal escape codes (window title,
 * screen clear, colours), bidirectional overrides and isolates, zero-width characters.
 */
export const HOSTILE_ENTRIES: readonly HostileEntry[] = [
  {
    title: 'Release notes <script>alert(1)</script> <scr<script>ipt>steal()</scr</script>ipt>',
    url: 'https://example.com/markup',
    snippet: 'Update &lt;script&gt;alert(2)&lt;/script&gt; now <img src=x onerror=alert(3)> <b>bold</b>',
  },
  {
    title: 'Forged citations',
    url: 'https://example.com/forged',
    snippet: '[[2]2] Evil bank login (bank.com)\n[[[7]7]7] Another forged line ［9］ fullwidth [٣] arabic',
  },
  {
    title: `Escape ${ESC}]0;pwned${BEL}codes${ESC}[2J${ESC}[31m red${ESC}[0m and bells${BEL}`,
    url: 'https://example.com/escapes',
    snippet: `Clear ${ESC}[2J${ESC}[H the screen and ${ESC}]8;;https://evil.example/${ESC}\\link${ESC}]8;;${ESC}\\`,
  },
  {
    title: 'Bidi \u202Egnp.exe\u202C and \u2066isolates\u2069 \u2067here\u2069 \u2068too\u2069',
    url: 'https://example.com/bidi',
    snippet: 'Zero\u200Bwidth\u200D and \u202Aembedding\u202C and \u200Fmarks\u200E and \u061Calm',
  },
  { title: '', url: 'https://example.com/empty-title', snippet: '' },
  { title: 'Empty snippet', url: 'https://example.com/empty-snippet', snippet: '' },
  {
    title: 'An ordinary result',
    url: 'https://example.com/ordinary',
    snippet: 'Ordinary text that every format should keep.',
  },
];

/** Anything that must never reach a person's terminal or a model: C0/C1 controls but tab/newline, bidi controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
export const UNSAFE_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;

const body = ({ contentType, body }: KitBody, status = 200): HostileAnswer => ({
  kind: 'body',
  status,
  headers: { 'content-type': contentType },
  body,
});

/**
 * An answer shaped like the kit's, its result list carrying one more entry: an array nested `depth` deep
 * (valid JSON, small in bytes, costly to parse and walk).
 */
export function deepAnswer(kit: Pick<ProviderKit, 'framing'>, depth = 10_000): HostileAnswer {
  const { contentType, prefix, suffix } = kit.framing;
  return body({ contentType, body: `${prefix}${'['.repeat(depth)}${']'.repeat(depth)},${suffix}` });
}

/** An answer shaped like the kit's with `count` results in its list (50,000: tens of MB once parsed). */
export function wideAnswer(kit: Pick<ProviderKit, 'framing'>, count = 50_000): HostileAnswer {
  const { contentType, prefix, repeat, suffix } = kit.framing;
  return body({ contentType, body: `${prefix}${repeat.repeat(count - 1)}${suffix}` });
}

/** A successful search answer from the kit's provider carrying `entries`, shaped like its real API. */
export function hostileResults(
  kit: ProviderKit,
  entries: readonly HostileEntry[] = HOSTILE_ENTRIES,
): HostileAnswer {
  return body(kit.answer(entries));
}

/** An error answer whose text carries escape codes and markup, in the provider's error envelope. */
export function hostileError(kit: ProviderKit, status: number): HostileAnswer {
  const said = `bad ${ESC}]0;pwned${BEL}request${ESC}[2J <script>alert(1)</script> \u202Eevil`;
  return body(kit.error(status, said), status);
}

/** A body of `bytes` (default 100 MB) shaped like the provider's answer, generated lazily. */
export function hugeAnswer(
  kit: Pick<ProviderKit, 'framing'>,
  options: { bytes?: number; declareLength?: boolean } = {},
): Extract<HostileAnswer, { kind: 'huge' }> {
  return {
    kind: 'huge',
    bytes: options.bytes ?? 100 * 1024 * 1024,
    declareLength: options.declareLength ?? false,
    ...kit.framing,
  };
}

/** A 200 whose body starts like the provider's answer, then arrives one byte every `intervalMs` and never ends. */
export function slowDrip(kit: Pick<ProviderKit, 'framing'>, intervalMs = 50): HostileAnswer {
  const { contentType, prefix } = kit.framing;
  return { kind: 'drip', contentType, prefix, chunk: ' ', intervalMs };
}
