import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';

/** How the simulator sends bodies: as they are, or compressed as the client's Accept-Encoding asks. */
export type SimulatorCompression = 'none' | 'as-asked';

export type SimulatorCoding = 'br' | 'gzip' | 'deflate';

// The server's preference among the codings a client accepts, as a web server with brotli enabled picks.
const PREFERENCE: readonly SimulatorCoding[] = ['br', 'gzip', 'deflate'];

/** The codings an Accept-Encoding value accepts (q=0 refuses one), in the server's order of preference. */
export function acceptedCodings(acceptEncoding: string | string[] | undefined): SimulatorCoding[] {
  const value = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Set<string>();
  for (const part of value.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name);
  }
  return PREFERENCE.filter((coding) => accepted.has(coding) || accepted.has('*'));
}

/**
 * `body` in the coding the client prefers among those it accepts, with the headers that say so; as it
 * is when it accepts none. Levels are those servers use for answers made per request (brotli 5, gzip 6),
 * not the slow maximum used for static files.
 */
export function encodeAsAsked(
  acceptEncoding: string | string[] | undefined,
  body: string | undefined,
): { body: string | Buffer | undefined; headers: Record<string, string> } {
  const coding = acceptedCodings(acceptEncoding)[0];
  if (!coding || body === undefined || body === '') return { body, headers: {} };
  const raw = Buffer.from(body, 'utf8');
  const compressed =
    coding === 'br'
      ? brotliCompressSync(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : coding === 'gzip'
        ? gzipSync(raw, { level: 6 })
        : deflateSync(raw, { level: 6 });
  return {
    body: compressed,
    headers: { 'content-encoding': coding, 'content-length': String(compressed.byteLength) },
  };
}
