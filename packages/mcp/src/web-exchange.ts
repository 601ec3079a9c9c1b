import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A node:http request as the web-standard `Request` the MCP SDK's HTTP transports take. It carries no body:
 * the server has read and bounded it already and hands it over parsed. Its signal aborts when the
 * connection closes, so a stream the client left stops.
 */
export function toWebRequest(req: IncomingMessage, res: ServerResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const closed = new AbortController();
  res.once('close', () => closed.abort());
  // Only the path and query matter to the transports; the Host header is checked before (http-guard).
  return new Request(new URL(req.url ?? '/', 'http://localhost'), {
    method: req.method ?? 'GET',
    headers,
    signal: closed.signal,
  });
}

/**
 * Writes a web-standard `Response` to `res`: a JSON answer (our own tool results, bounded by the tools)
 * whole, with its length, in one write; an SSE stream event by event, until it ends or `res` closes.
 */
export async function writeWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (!response.body) {
    res.writeHead(response.status, headers).end();
    return;
  }
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    // With its length the client has the answer as soon as it is written, and the connection stays open
    // for its next request.
    const body = new Uint8Array(await response.arrayBuffer());
    res.writeHead(response.status, { ...headers, 'content-length': String(body.byteLength) }).end(body);
    return;
  }
  res.writeHead(response.status, headers);
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  res.once('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      // Each SSE event goes out as it comes: a stream's reader waits for it.
      if (!res.write(value)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
    }
  } catch {
    // The stream was cancelled (the client left) or failed: end what was written.
  } finally {
    res.off('close', stop);
    res.end();
  }
}
