import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { useMswServer } from './msw.ts';
import { answerWithResults, captureRequest, countRequests, requestsDuring } from './search-api.ts';

const server = useMswServer();
const url = 'https://api.search.test/search';

const post = (to: string, body: unknown) =>
  fetch(to, {
    method: 'POST',
    headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('captureRequest', () => {
  it('answers with the JSON given and returns the url, headers and parsed body that arrived', async () => {
    let answered: unknown;
    const sent = await captureRequest(server, { url: '*/search', answer: { results: [1] } }, async () => {
      answered = await (await post('https://gateway.test/v1/search', { query: 'q', limit: 3 })).json();
    });
    expect(answered).toEqual({ results: [1] });
    expect(sent.url).toBe('https://gateway.test/v1/search');
    expect(sent.headers.get('authorization')).toBe('Bearer k');
    expect(sent.body).toEqual({ query: 'q', limit: 3 });
  });

  it('fails unless exactly one request arrived', async () => {
    await expect(captureRequest(server, { url, answer: {} }, async () => undefined)).rejects.toThrow(
      /requests that reached/,
    );
    await expect(
      captureRequest(server, { url, answer: {} }, async () => {
        await post(url, { n: 1 });
        await post(url, { n: 2 });
      }),
    ).rejects.toThrow(/requests that reached/);
  });
});

describe('requestsDuring and countRequests', () => {
  it('record only the requests made while run runs, with readable bodies', async () => {
    server.use(http.post(url, () => HttpResponse.json({})));
    await post(url, { before: true });
    const requests = await requestsDuring(server, async () => {
      await post(url, { n: 1 });
      await post(url, { n: 2 });
    });
    await post(url, { after: true });
    expect(await Promise.all(requests.map((r) => r.json()))).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await countRequests(server, async () => undefined)).toBe(0);
    expect(await countRequests(server, () => post(url, {}))).toBe(1);
  });

  it('rethrow what run throws', async () => {
    await expect(
      countRequests(server, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
  });
});

describe('answerWithResults', () => {
  const fixture = { query: 'q', results: ['a', 'b', 'c', 'd'] };

  it('cuts the results to the limit the body asks for and keeps the rest of the fixture', async () => {
    server.use(answerWithResults(url, fixture, 'max_results'));
    expect(await (await post(url, { max_results: 2 })).json()).toEqual({ query: 'q', results: ['a', 'b'] });
    expect(await (await post(url, { max_results: 10 })).json()).toEqual(fixture);
  });

  it('refuses a body without the limit field instead of answering everything', async () => {
    server.use(answerWithResults(url, fixture, 'numResults'));
    const response = await post(url, { max_results: 2 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'no numeric numResults in the request body' });
  });
});
