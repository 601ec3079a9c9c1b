import type { SearchProvider } from '@agent-search/core';
import type { KitProviderOptions } from '../kit.ts';
import type { NewsEntry, VideoEntry, WebEntry } from './corpus.ts';

/**
 * What a provider's test kit tells the provider simulator (`startProviderSimulator`): its endpoints, how
 * each answers from the simulator's corpus and how it shows a fault. A kit without `simulation` is
 * served on its `route` with its `answer` and `error`; the simulator itself names no provider.
 */
export interface KitSimulation {
  /**
   * Host names of fixed https URLs the provider (or a peer library) calls whatever its base URL: requests
   * sent through the simulator's `fetch` or `agent` to one of them reach this kit's endpoints, path unchanged.
   */
  hosts?: readonly string[];
  /** Its endpoints; a request matching none gets a 404. */
  endpoints: readonly SimulatedEndpointSpec[];
  /**
   * The provider using everything the simulator serves (e.g. its fixed https URLs through `fetch`), when
   * that is more than `create` gives a test upstream.
   */
  create?: (options: KitProviderOptions) => SearchProvider;
}

/** What the simulated search engines know: web pages, news and videos on one topic. */
export interface SimulatorCorpus {
  web: readonly WebEntry[];
  news: readonly NewsEntry[];
  videos: readonly VideoEntry[];
}

/** A request's method and path: under the provider's base URL, or on one of its `hosts`. */
export interface RequestLine {
  method: string;
  /** Without a trailing slash: the base URL itself is "". */
  path: string;
  url: URL;
}

/** One endpoint of a simulated provider. */
export interface SimulatedEndpointSpec {
  /** Its name; the simulator calls it `<provider id>.<name>` (in `configure`, `stats` and `calls`). */
  name: string;
  matches(line: RequestLine): boolean;
  /** The search query a request carries; default: the `q` URL parameter, else the JSON body's `query`. */
  query?(request: Omit<SimulatedRequest, 'endpoint' | 'query'>): string;
  /** The healthy answer, from the corpus. */
  answer(request: SimulatedRequest, corpus: SimulatorCorpus): SimulatedResponse;
  /**
   * How this endpoint shows `fault`, when not as the simulator's default (the kit's `error` envelope for
   * `rate_limited` and `server_error`, a WAF page for `anomaly`, the healthy body cut short for `malformed`).
   */
  fault?(
    fault: AnsweredFault,
    request: SimulatedRequest,
    healthy: SimulatedResponse,
  ): SimulatedResponse | undefined;
}

/**
 * What can go wrong upstream:
 * - `rate_limited`: HTTP 429 with the API's error body.
 * - `anomaly`: a bot challenge: a WAF's 403 page, or the endpoint's own challenge.
 * - `server_error`: HTTP 503 with the endpoint's error body.
 * - `hang`: the request is read and never answered.
 * - `reset`: the connection is reset (TCP RST) instead of an answer.
 * - `malformed`: HTTP 200 with a body that is not what the endpoint sends (by default the healthy body cut
 *   in half, as a proxy that dropped the connection after a 200 would leave it).
 */
export const SIMULATOR_FAULTS = [
  'rate_limited',
  'anomaly',
  'server_error',
  'hang',
  'reset',
  'malformed',
] as const;
export type SimulatorFault = (typeof SIMULATOR_FAULTS)[number];
/** The faults answered with a response (`hang` and `reset` act on the socket). */
export type AnsweredFault = Exclude<SimulatorFault, 'hang' | 'reset'>;

/** One request as the simulator saw it. */
export interface SimulatedRequest {
  /** `<provider id>.<endpoint name>`. */
  endpoint: string;
  method: string;
  url: URL;
  /** The host the request was for: a kit's host for requests through `fetch` or `agent`, else the simulator's. */
  host: string;
  body: string;
  /** The search query the request carries ("" when none could be read). */
  query: string;
  /** The parsed JSON body, when it is a JSON object. */
  json?: Record<string, unknown>;
}

export interface SimulatedResponse {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

export const CONTENT_TYPES = {
  html: 'text/html; charset=UTF-8',
  js: 'application/x-javascript',
  json: 'application/json; charset=utf-8',
} as const;

/** A JSON answer. */
export const jsonResponse = (
  value: unknown,
  status = 200,
  headers: Record<string, string> = {},
): SimulatedResponse => ({
  status,
  headers: { 'content-type': CONTENT_TYPES.json, ...headers },
  body: JSON.stringify(value),
});

/** An HTML answer. */
export const htmlResponse = (body: string, status = 200): SimulatedResponse => ({
  status,
  headers: { 'content-type': CONTENT_TYPES.html },
  body,
});

/** A matcher for one method on one path (or several), trailing slashes ignored. */
export function onRoute(method: string, ...paths: string[]): SimulatedEndpointSpec['matches'] {
  const wanted = new Set(paths.map(trimSlash));
  return (line) => line.method === method && wanted.has(line.path);
}

/** "/html/" and "/html" are one endpoint; "/" is the base URL itself (""). */
export const trimSlash = (path: string) => path.replace(/\/+$/, '');

/** A `fault` hook answering the faults named with the responses given, the others as the simulator's default. */
export const faultAnswers =
  (answers: Partial<Record<AnsweredFault, SimulatedResponse>>): NonNullable<SimulatedEndpointSpec['fault']> =>
  (fault) =>
    answers[fault];
