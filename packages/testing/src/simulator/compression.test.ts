import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedCodings, encodeAsAsked } from './compression.ts';

const PAGE = `<html><body>${'<div class="result">heat pump cold climate</div>'.repeat(200)}</body></html>`;

describe('acceptedCodings', () => {
  it('orders what the client accepts by the server preference, br first', () => {
    expect(acceptedCodings('gzip, deflate, br')).toEqual(['br', 'gzip', 'deflate']);
    expect(acceptedCodings('gzip')).toEqual(['gzip']);
    expect(acceptedCodings(['deflate', 'gzip;q=0.5'])).toEqual(['gzip', 'deflate']);
  });

  it('drops codings refused with q=0 and accepts everything for *', () => {
    expect(acceptedCodings('br;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedCodings('*')).toEqual(['br', 'gzip', 'deflate']);
    expect(acceptedCodings(undefined)).toEqual([]);
    expect(acceptedCodings('identity')).toEqual([]);
  });
});

describe('encodeAsAsked', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
    ['deflate', inflateSync],
  ] as const)('sends %s bodies that decode to the page, with their length', (coding, decode) => {
    const { body, headers } = encodeAsAsked(coding, PAGE);
    expect(headers['content-encoding']).toBe(coding);
    expect(Buffer.isBuffer(body)).toBe(true);
    expect(Number(headers['content-length'])).toBe((body as Buffer).byteLength);
    expect((body as Buffer).byteLength).toBeLessThan(PAGE.length / 5);
    expect(decode(body as Buffer).toString('utf8')).toBe(PAGE);
  });

  it('sends the body as it is when the client accepts no coding it knows', () => {
    expect(encodeAsAsked(undefined, PAGE)).toEqual({ body: PAGE, headers: {} });
    expect(encodeAsAsked('zstd', PAGE)).toEqual({ body: PAGE, headers: {} });
  });
});
