import { type Span, type Tracer, trace } from '@opentelemetry/api';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpTestProvider, useMswServer } from '../../../testing/src/index.ts';
import { createSearchClient } from '../client.ts';
import type { SearchProvider } from '../provider.ts';

const server = useMswServer();
const answer = (id: string) =>
  HttpResponse.json({ results: [{ title: `${id} result`, url: `https://${id}.example/`, snippet: 's' }] });

/** A test provider at `https://<id>.test/` with a price per request. */
function priced(id: string, usd: number, extra: Partial<SearchProvider> = {}): SearchProvider {
  return { ...createHttpTestProvider({ id, url: `https://${id}.test/` }), price: { usd }, ...extra };
}

/** Every span's attributes, by span name, as an application's tracer would record them. */
function recordAttributes() {
  const spans: { name: string; attributes: Record<string, unknown> }[] = [];
  const noop = trace.getTracer('recording').startSpan('unused');
  const tracer = {
    startSpan: (name: string, options?: { attributes?: Record<string, unknown> }) => {
      const entry = { name, attributes: { ...options?.attributes } };
      spans.push(entry);
      const span: Span = {
        ...noop,
        spanContext: () => noop.spanContext(),
        setAttribute: (key, value) => {
          entry.attributes[key] = value;
          return span;
        },
        setAttributes: (attributes) => {
          Object.assign(entry.attributes, attributes);
          return span;
        },
        setStatus: () => span,
        end: () => undefined,
        isRecording: () => true,
      };
      return span;
    },
  } as unknown as Tracer;
  trace.setGlobalTracerProvider({ getTracer: () => tracer });
  return spans;
}

afterEach(() => trace.disable());

describe('the cost of a search', () => {
  it("counts the answering attempt's price in its attempt, the response and the spans", async () => {
    const spans = recordAttributes();
    server.use(http.post('https://tavily.test/', () => answer('tavily')));
    const client = createSearchClient({ providers: [priced('tavily', 0.008)] });
    const response = await client.search({ query: 'q' });
    expect(response.attempts).toEqual([
      { provider: 'tavily', outcome: 'success', costUsd: 0.008, ms: expect.any(Number) },
    ]);
    expect(response.costUsd).toBe(0.008);
    expect(spans.find((s) => s.name === 'agent-search.attempt')?.attributes['search.cost_usd']).toBe(0.008);
    expect(spans.find((s) => s.name === 'agent-search.search')?.attributes['search.cost_usd']).toBe(0.008);
  });

  it('a free provider, a keyless one and an unpriced one cost nothing: no cost field', async () => {
    server.use(http.post('https://ddg.test/', () => answer('ddg')));
    for (const provider of [
      priced('ddg', 0),
      priced('ddg', 0.008, { keyless: true }),
      createHttpTestProvider({ id: 'ddg', url: 'https://ddg.test/' }),
    ]) {
      const response = await createSearchClient({ providers: [provider] }).search({ query: 'q' });
      expect(response.costUsd).toBeUndefined();
      expect(response.attempts[0]).not.toHaveProperty('costUsd');
    }
  });

  it('a refusal with an HTTP status is not billed; a failover and a lost hedge are', async () => {
    server.use(
      http.post('https://refuses.test/', () => new HttpResponse('', { status: 429 })),
      http.post('https://slow.test/', async () => {
        await delay(400);
        return answer('slow');
      }),
      http.post('https://fast.test/', () => answer('fast')),
    );
    const client = createSearchClient({
      providers: [priced('refuses', 0.005), priced('slow', 0.007), priced('fast', 0.008)],
      hedge: { delayMs: 100, budget: 1 },
    });
    const response = await client.search({ query: 'q' });
    expect(response.provider).toBe('fast');
    const cost = Object.fromEntries(response.attempts.map((a) => [a.provider, a.costUsd]));
    // The slow one was sent and then left running unseen or aborted: its request counts.
    expect(cost).toEqual({ refuses: undefined, slow: 0.007, fast: 0.008 });
    expect(response.costUsd).toBe(0.015);
  });

  it('prices a mode and page text where they differ', async () => {
    server.use(http.post('https://exa.test/', () => answer('exa')));
    const provider = priced('exa', 0.007, {
      price: { usd: 0.007, modes: { news: 0.01 }, withContentUsd: 0.012 },
    });
    const client = createSearchClient({ providers: [provider] });
    expect((await client.search({ query: 'q', mode: 'news' })).costUsd).toBe(0.01);
    expect((await client.search({ query: 'q', includeContent: true })).costUsd).toBe(0.012);
  });
});
