import { describe, expect, it } from 'vitest';
import { jsonPost } from './json-api.ts';

describe('jsonPost', () => {
  it('POSTs the body as JSON, asks for JSON, and adds the API’s own headers (which win)', async () => {
    const { url, init } = jsonPost(
      'https://api.example.test/search',
      { query: 'heat pump', limit: 3 },
      { 'x-api-key': 'k', 'Content-Type': 'application/json; charset=utf-8' },
    );
    const request = new Request(url, init);
    expect(request.method).toBe('POST');
    expect(Object.fromEntries(request.headers)).toEqual({
      accept: 'application/json',
      'content-type': 'application/json; charset=utf-8',
      'x-api-key': 'k',
    });
    expect(await request.json()).toEqual({ query: 'heat pump', limit: 3 });
  });
});
