import type * as OpenTelemetry from '@opentelemetry/api';
import type { Span, SpanOptions, SpanStatusCode } from '@opentelemetry/api';

/**
 * Spans for the search client, with `@opentelemetry/api` loaded only once an application has registered
 * something with it (a tracer provider, a context manager). The API keeps what is registered on a global
 * under this key, so every copy of it sees the same; with nothing there every span would be a no-op, and
 * loading the API would only cost start-up time (about 15 ms for a CLI search).
 */
const OPENTELEMETRY_GLOBAL = Symbol.for('opentelemetry.js.api.1');
const TRACER_NAME = 'agent-search';

/** `SpanStatusCode.ERROR` without loading the API for its enum. */
export const SPAN_STATUS_ERROR = 2 as SpanStatusCode.ERROR;

type NodeModule = { createRequire(url: string): (id: string) => unknown };
type BuiltinLoader = { getBuiltinModule?: (id: string) => unknown };

let api: typeof OpenTelemetry | undefined;
let importing = false;
function registeredApi(): typeof OpenTelemetry | undefined {
  if (api) return api;
  if (!(globalThis as Record<symbol, unknown>)[OPENTELEMETRY_GLOBAL]) return undefined;
  api = requireApi();
  if (!api && !importing) {
    importing = true;
    void importApi();
  }
  return api;
}

/**
 * The API at once where the runtime can require (Node, Bun, Deno): found through
 * `process.getBuiltinModule`, with no static `node:module` import and no `import.meta.url` assumed, so the
 * module also loads on Cloudflare Workers, where both are missing without `nodejs_compat`.
 */
function requireApi(): typeof OpenTelemetry | undefined {
  const url: string | undefined = import.meta.url;
  const proc = (globalThis as { process?: BuiltinLoader }).process;
  const nodeModule = url ? (proc?.getBuiltinModule?.('node:module') as NodeModule | undefined) : undefined;
  if (!nodeModule?.createRequire) return undefined;
  try {
    return nodeModule.createRequire(url!)('@opentelemetry/api') as typeof OpenTelemetry;
  } catch {
    return undefined;
  }
}

/** Elsewhere, imported in the background: spans start with the searches after it resolves. */
async function importApi(): Promise<void> {
  try {
    api = (await import('@opentelemetry/api')) as typeof OpenTelemetry;
  } catch {
    // No API to load: spans stay no-ops, as with nothing registered.
  }
}

const noop = () => {};
const NO_SPAN_CONTEXT = {
  traceId: '00000000000000000000000000000000',
  spanId: '0000000000000000',
  traceFlags: 0,
};
const NO_SPAN: Span = {
  spanContext: () => NO_SPAN_CONTEXT,
  setAttribute: () => NO_SPAN,
  setAttributes: () => NO_SPAN,
  addEvent: () => NO_SPAN,
  addLink: () => NO_SPAN,
  addLinks: () => NO_SPAN,
  setStatus: () => NO_SPAN,
  updateName: () => NO_SPAN,
  end: noop,
  isRecording: () => false,
  recordException: noop,
};

/** The parts of an OpenTelemetry tracer the client uses, deciding per call whether tracing is on. */
export const tracer = {
  startSpan(name: string, options?: SpanOptions): Span {
    const otel = registeredApi();
    return otel ? otel.trace.getTracer(TRACER_NAME).startSpan(name, options) : NO_SPAN;
  },
  startActiveSpan<T>(name: string, options: SpanOptions, fn: (span: Span) => T): T {
    const otel = registeredApi();
    return otel ? otel.trace.getTracer(TRACER_NAME).startActiveSpan(name, options, fn) : fn(NO_SPAN);
  },
};
