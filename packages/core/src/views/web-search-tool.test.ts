import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SearchError } from '../errors.ts';
import { readWebSearchArguments } from '../tool/arguments.ts';
import { WEB_SEARCH_PARAMETERS } from '../tool/parameters.ts';
import { bitcoinResponse } from './__fixtures__/responses.ts';
import { EMPTY_QUERY_ERROR } from './tool-error.ts';
import { webSearchArgsSchema } from './web-search-schema.ts';
import { webSearchAnswer, webSearchFailure } from './web-search-tool.ts';

describe('the web_search argument schema', () => {
  // The schema refuses nothing (issue 33: MCP, the AI SDK and LangChain used to refuse what LiveKit read):
  // every value reaches the tool layer's one lenient reading, which refuses only an empty or too long query.
  it.each([
    { query: '   ' },
    { query: 'a', region: 'united states' },
    { query: 'a', max_results: 40, num_results: 0 },
    { query: 'a', time_range: 'decade', mode: 'images' },
    { query: 'a', include_sites: Array(21).fill('a.com') },
    { query: 'x'.repeat(513) },
    {},
    { query: 5, max_results: '5', mode: 'VIDEOS', timelimit: 'W' },
    { query: 'a', mode: {}, include_sites: [3, 'who.int'] },
  ])('lets %j through to the layer', (args) => {
    expect(webSearchArgsSchema.safeParse(args).success).toBe(true);
  });

  it('hands the layer what the model meant', () => {
    const parsed = webSearchArgsSchema.parse({
      query: 'tides',
      max_results: '5',
      mode: 'VIDEOS',
      timelimit: 'W',
    });
    expect(readWebSearchArguments(parsed)).toEqual({
      ok: true,
      request: { query: 'tides', mode: 'videos', maxResults: 5, timeRange: 'w' },
    });
    expect(readWebSearchArguments(webSearchArgsSchema.parse({}))).toMatchObject({
      ok: false,
      message: EMPTY_QUERY_ERROR,
    });
    expect(
      readWebSearchArguments(webSearchArgsSchema.parse({ query: 'a', include_sites: [3, 'who.int'] })),
    ).toEqual({ ok: true, request: { query: 'a', mode: 'text', includeDomains: ['who.int'] } });
  });

  it('lists query as its one required field, with the descriptions of the one parameter list', () => {
    // Both directions render: LangChain asks for the output side.
    expect(() => z.toJSONSchema(webSearchArgsSchema, { io: 'output' })).not.toThrow();
    const schema = z.toJSONSchema(webSearchArgsSchema, { io: 'input' }) as {
      required: string[];
      properties: Record<string, { description?: string }>;
    };
    expect(schema.required).toEqual(['query']);
    for (const parameter of WEB_SEARCH_PARAMETERS) {
      expect(schema.properties[parameter.name]?.description).toBe(parameter.description);
    }
  });
});

describe('webSearchAnswer and webSearchFailure', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');

  it('answers with the model text and the normalized results, or the envelope as both', () => {
    const response = bitcoinResponse();
    const model = webSearchAnswer(response, 'model', { now });
    expect(model.text).toMatch(/^Results for "bitcoin price" \(2026-11-24\):\n\[1\] /);
    expect(model.output).toMatchObject({ query: response.query, provider: response.provider });
    expect(model.output.results).toEqual(response.results);
    const envelope = webSearchAnswer(response, 'agent-server');
    expect(envelope.output).toMatchObject({ type: 'web_search_result', count: response.results.length });
    expect(JSON.parse(envelope.text)).toEqual(envelope.output);
  });

  it('fails with the tool sentence and the code, or the error envelope as both; never the upstream text', () => {
    const error = new SearchError('unauthorized', 'Brave rejected key sk-secret-123', { provider: 'brave' });
    expect(webSearchFailure('q', error)).toEqual({
      text: 'search is not set up correctly: the provider rejected its credentials',
      output: {
        error: 'search is not set up correctly: the provider rejected its credentials',
        code: 'unauthorized',
      },
    });
    const envelope = webSearchFailure('q\nnext', new Error('sk-secret-123'), 'agent-server');
    expect(envelope.output).toEqual({
      type: 'web_search_error',
      query: 'q next',
      error: 'the search failed',
      error_type: 'unexpected',
    });
    expect(JSON.parse(envelope.text)).toEqual(envelope.output);
    expect(envelope.text).not.toContain('sk-secret');
  });
});
