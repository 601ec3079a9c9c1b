import { type Span, type Tracer, trace } from '@opentelemetry/api';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpTestProvider, useMswServer } from '../../testing/src/index.ts';
import { createSearchClient } from './client.ts';

const server = useMswServer();
const url = 'https://tracing.test/search';

/** A tracer provider an application would register, recording the spans it is asked for. */
function registerRecordingTracer() {
  const spans: { name: string; status?: number; ended: boolean }[] = [];
  const noop = trace.getTracer('recording').startSpan('unused');
  const record = (name: string): Span => {
    const entry: { name: string; status?: number; ended: boolean } = { name, ended: false };
    spans.push(entry);
    const span: Span = {
      ...noop,
      spanContext: () => noop.spanContext(),
      setAttribute: () => span,
      setAttributes: () => span,
      setStatus: (status) => {
        entry.status = status.code;
        return span;
      },
      end: () => {
        entry.ended = true;
      },
      isRecording: () => true,
    };
    return span;
  };
  const tracer = {
    startSpan: (name: string) => record(name),
    startActiveSpan: (name: string, _options: unknown, fn: (span: Span) => unknown) => fn(record(name)),
  } as unknown as Tracer;
  trace.setGlobalTracerProvider({ getTracer: () => tracer });
  return spans;
}

afterEach(() => trace.disable());

describe('tracing', () => {
  it('searches without any tracer registered', async () => {
    server.use(
      http.post(url, () =>
        HttpResponse.json({ results: [{ title: 't', url: 'https://a.example/', snippet: 's' }] }),
      ),
    );
    const client = createSearchClient({ providers: [createHttpTestProvider({ id: 'a', url })] });
    const response = await client.search({ query: 'q' });
    expect(response.results).toHaveLength(1);
  });

  it('reports a search span and one span per attempt once an application registers a tracer', async () => {
    const spans = registerRecordingTracer();
    server.use(
      http.post(url, () =>
        HttpResponse.json({ results: [{ title: 't', url: 'https://a.example/', snippet: 's' }] }),
      ),
      http.post(`${url}/down`, () => new HttpResponse('down', { status: 503 })),
    );
    const client = createSearchClient({
      providers: [
        createHttpTestProvider({ id: 'down', url: `${url}/down` }),
        createHttpTestProvider({ id: 'a', url }),
      ],
    });
    await client.search({ query: 'q' });
    expect(spans.map((s) => s.name)).toEqual([
      'agent-search.search',
      'agent-search.attempt',
      'agent-search.attempt',
    ]);
    expect(spans.every((s) => s.ended)).toBe(true);
    // The failed attempt carries the error status (SpanStatusCode.ERROR).
    expect(spans[1]?.status).toBe(2);
  });
});
