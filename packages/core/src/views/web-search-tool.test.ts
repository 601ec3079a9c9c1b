import { describe, expect, it } from 'vitest';
import { SearchError } from '../errors.ts';
import { bitcoinResponse } from './__fixtures__/responses.ts';
import { EMPTY_QUERY_ERROR } from './tool-error.ts';
import { webSearchArgsSchema } from './web-search-schema.ts';
import { webSearchAnswer, webSearchFailure, webSearchRequest } from './web-search-tool.ts';

/** The messages zod gives for a model's arguments, keyed by the argument's name. */
function problems(args: unknown): Record<string, string> {
  const result = webSearchArgsSchema.safeParse(args);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the web_search argument schema', () => {
  it('maps checked arguments to a request: num_results as max_results, time ranges by name', () => {
    const args = webSearchArgsSchema.parse({
      query: '  heat pumps ',
      num_results: 3,
      time_range: 'week',
      include_sites: [' energy.gov '],
      region: 'US-en',
    });
    expect(webSearchRequest(args)).toEqual({
      query: 'heat pumps',
      maxResults: 3,
      timeRange: 'w',
      includeDomains: ['energy.gov'],
      region: 'us-en',
    });
    expect(
      webSearchRequest(webSearchArgsSchema.parse({ query: 'a', max_results: 2, num_results: 9 })),
    ).toEqual({
      query: 'a',
      maxResults: 2,
    });
  });

  it('tells a model which argument is wrong and why', () => {
    expect(problems({ query: '   ' })).toEqual({ query: EMPTY_QUERY_ERROR });
    expect(problems({ query: 'a', region: 'united states' })).toEqual({
      region: 'region must look like "us-en"',
    });
    expect(Object.keys(problems({ query: 'a', max_results: 40, num_results: 0 }))).toEqual([
      'max_results',
      'num_results',
    ]);
    expect(Object.keys(problems({ query: 'a', time_range: 'decade', mode: 'images' }))).toEqual([
      'mode',
      'time_range',
    ]);
    expect(Object.keys(problems({ query: 'a', include_sites: Array(21).fill('a.com') }))).toEqual([
      'include_sites',
    ]);
    expect(Object.keys(problems({ query: 'x'.repeat(513) }))).toEqual(['query']);
    expect(Object.keys(problems({}))).toEqual(['query']);
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
