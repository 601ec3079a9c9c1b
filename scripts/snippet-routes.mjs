// What the docs check knows of each provider, derived from its package (its definition and test kit), not
// written here: a provider is one folder. `snippetEnv` gives a snippet's process the variables that switch
// each provider on (its planted key, or for a self-hosted one its base URL on the simulator);
// `snippetRoutes` finds the real hosts each provider calls, by running a search of each mode it supports
// with its default base URL and a fetch that notes the host and passes the request to the provider
// simulator (so a flow of several requests, a token page then the results, goes on to its next host).
// snippet-loopback.mjs sends those hosts to the simulator, under the provider's prefix.

/** The variables that configure every provider against the simulator at `origin`. */
export function snippetEnv(kits, origin) {
  const env = {};
  for (const { definition, apiKey } of kits) {
    if (definition.apiKeyEnv) env[definition.apiKeyEnv] = apiKey ?? 'docs-check';
    // A self-hosted provider (no public endpoint) is on loopback: the simulator's, at its base URL.
    if (definition.baseUrlRequired && definition.baseUrlEnv)
      env[definition.baseUrlEnv] = `${origin}/${definition.id}`;
  }
  return env;
}

/**
 * `[{ host, prefix, basePath }]`: each real host a provider calls, the simulator's path prefix for it (the
 * provider's id), and the path its base URL adds (a `/v1`), which the simulator's routes leave out.
 */
export async function snippetRoutes(kits, origin) {
  const routes = new Map();
  const env = snippetEnv(kits, origin);
  const realFetch = globalThis.fetch;
  const failing = new Set();
  try {
    for (const kit of kits) {
      const { definition } = kit;
      if (definition.baseUrlRequired) continue;
      const prefix = `/${definition.id}`;
      // The global fetch, as a snippet's provider calls it: the provider as configuration builds it, with
      // every default a snippet gets (all its endpoints), not the kit's narrowed one.
      globalThis.fetch = async (input, init) => {
        const request = new Request(input, init);
        const url = new URL(request.url);
        const known = routes.get(url.host);
        // A host already found fails, so the next round shows where the provider falls back to.
        if (failing.has(url.host)) return new Response('unavailable', { status: 503 });
        if (known && known.prefix !== prefix)
          throw new Error(`snippet-routes: ${url.host} is called by ${known.prefix} and ${prefix}`);
        // The search request itself shows the base URL's path: what precedes the kit's route.
        const basePath =
          kit.route.path && url.pathname.endsWith(kit.route.path)
            ? url.pathname.slice(0, -kit.route.path.length)
            : (known?.basePath ?? '');
        routes.set(url.host, { host: url.host, prefix, basePath });
        const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
        return realFetch(new Request(new URL(`${prefix}${path}${url.search}`, origin), request));
      };
      for (const mode of definition.capabilities.modes ?? ['text']) {
        const request = { query: 'docs check route', mode, maxResults: 3, safeSearch: 'moderate' };
        // Round 0 fails nothing; each next round fails every host found so far (a fresh provider each
        // time), until one finds no new host: a provider whose first endpoint fails may go to another host
        // (a second text backend).
        for (let round = 0; round < 5; round++) {
          failing.clear();
          if (round > 0)
            for (const route of routes.values()) if (route.prefix === prefix) failing.add(route.host);
          const before = routes.size;
          const provider = (await definition.load()).fromEnv(env);
          await provider
            .search(
              { ...request, includeDomains: [], excludeDomains: [] },
              { signal: AbortSignal.timeout(30_000) },
            )
            .catch(() => undefined);
          if (round > 0 && routes.size === before) break;
        }
      }
    }
  } finally {
    globalThis.fetch = realFetch;
  }
  return [...routes.values()];
}
