import type { KitBody, ProviderKit } from '../kit.ts';
import {
  onRoute,
  type RequestLine,
  type SimulatedEndpointSpec,
  type SimulatedRequest,
  type SimulatedResponse,
  trimSlash,
} from './simulation.ts';

/** An answer built from a kit's body. */
export const fromKitBody = (status: number, { contentType, body }: KitBody): SimulatedResponse => ({
  status,
  headers: { 'content-type': contentType },
  body,
});

/** A kit without `simulation`: one endpoint, `search`, on its route, answering its `answer` with the web entries. */
function defaultEndpoint(kit: ProviderKit): SimulatedEndpointSpec {
  return {
    name: 'search',
    matches: onRoute(kit.route.method, kit.route.path),
    answer: (_request, corpus) =>
      fromKitBody(200, kit.answer(corpus.web.map(({ title, url, snippet }) => ({ title, url, snippet })))),
  };
}

/** One endpoint of one kit, as the simulator routes to it. */
export interface RoutedEndpoint {
  kit: ProviderKit;
  /** `<provider id>.<endpoint name>`. */
  name: string;
  spec: SimulatedEndpointSpec;
}

/** Which kit and endpoint each request is for: `/<id>/...` under a provider's base URL, or a kit's host. */
export class SimulatorRoutes {
  readonly #byId = new Map<string, RoutedEndpoint[]>();
  readonly #byHost = new Map<string, string>();

  constructor(kits: readonly ProviderKit[]) {
    for (const kit of kits) {
      const { id } = kit.definition;
      if (this.#byId.has(id)) throw new TypeError(`two kits for the provider "${id}"`);
      const specs = kit.simulation?.endpoints ?? [defaultEndpoint(kit)];
      const names = new Set(specs.map((s) => s.name));
      if (names.size !== specs.length) throw new TypeError(`the kit of "${id}" names an endpoint twice`);
      this.#byId.set(
        id,
        specs.map((spec) => ({ kit, name: `${id}.${spec.name}`, spec })),
      );
      for (const host of kit.simulation?.hosts ?? []) {
        const owner = this.#byHost.get(host);
        if (owner) throw new TypeError(`the kits of "${owner}" and "${id}" both claim the host ${host}`);
        this.#byHost.set(host, id);
      }
    }
  }

  /** The kit of the provider `id`. */
  kit(id: string): ProviderKit {
    const kit = this.#byId.get(id)?.[0]?.kit;
    if (!kit) throw new TypeError(`Unknown simulator provider "${id}"`);
    return kit;
  }

  /** Every provider id, in the kits' order. */
  get providers(): string[] {
    return [...this.#byId.keys()];
  }

  /** Every endpoint's name. */
  get endpoints(): string[] {
    return [...this.#byId.values()].flat().map((e) => e.name);
  }

  /** The endpoints of a provider, or the one endpoint named (none for an unknown target). */
  endpointsOf(target: string): string[] {
    const all = this.#byId.get(target);
    if (all) return all.map((e) => e.name);
    return this.endpoints.includes(target) ? [target] : [];
  }

  /** The endpoint a request is for: by `host` when it is one of a kit's hosts, else by `/<id>` in its path. */
  resolve(method: string, url: URL, host: string | undefined): RoutedEndpoint | undefined {
    let id: string | undefined;
    let path: string;
    if (host !== undefined) {
      id = this.#byHost.get(host);
      path = trimSlash(url.pathname);
    } else {
      const [, first = '', ...rest] = url.pathname.split('/');
      id = first;
      path = trimSlash(rest.length > 0 ? `/${rest.join('/')}` : '');
    }
    const line: RequestLine = { method, path, url };
    return id === undefined ? undefined : this.#byId.get(id)?.find((e) => e.spec.matches(line));
  }
}

/** The query a request carries, where its endpoint (or, by default, a JSON body or `q` parameter) puts it. */
export function queryOf(
  spec: SimulatedEndpointSpec,
  request: Omit<SimulatedRequest, 'endpoint' | 'query'>,
): string {
  if (spec.query) return spec.query(request);
  if (typeof request.json?.query === 'string') return request.json.query;
  return request.url.searchParams.get('q') ?? '';
}
