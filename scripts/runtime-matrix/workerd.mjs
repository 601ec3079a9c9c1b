// The Worker part of the runtime matrix: worker.mjs bundled as wrangler bundles a Worker with nodejs_compat
// (esbuild, ESM, the workerd/worker/browser conditions, node:* left to the runtime), with the AI SDK's
// optional vendor packages made unresolvable as in an app that never installed them; then run on workerd by
// miniflare and asked over HTTP: a search, the AI SDK tool, the MCP server through the official clients
// (v2 on 2026-07-28, v1 on 2025).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Bindings as `wrangler secret put` and `vars` would give them. */
const TOKEN = 'matrix-token-5f2c9e71b4d84a0c';
const ALLOWED_ORIGIN = 'https://agent.example';
const COMPATIBILITY_DATE = '2026-07-01';

/** @ai-sdk/openai, /anthropic and /google are not installed in a Worker that does not use them. */
const absentVendors = {
  name: 'absent-ai-sdk-vendors',
  setup(build) {
    build.onResolve({ filter: /^@ai-sdk\/(openai|anthropic|google)$/ }, (args) => ({
      errors: [{ text: `Could not resolve "${args.path}" (not installed in this Worker)` }],
    }));
  },
};

export async function runWorkerChecks({ tools, scratch, simulator, served, record, requireFrom, query }) {
  const fromTools = createRequire(join(tools, 'package.json'));
  const esbuild = fromTools('esbuild');
  const { Miniflare } = await import(pathToFileURL(fromTools.resolve('miniflare')).href);
  const runtime = 'workerd';
  console.log(
    `-- workerd (miniflare ${fromTools('miniflare/package.json').version}, esbuild ${esbuild.version})`,
  );

  const bundle = async (entry, what) => {
    try {
      const built = await esbuild.build({
        entryPoints: [join(scratch, entry)],
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'neutral',
        target: 'es2024',
        conditions: ['workerd', 'worker', 'browser'],
        mainFields: ['module', 'main'],
        external: ['node:*'],
        minify: true,
        logLevel: 'silent',
        plugins: [absentVendors],
      });
      const script = built.outputFiles[0].text;
      const kb = Math.round(Buffer.byteLength(script) / 1024);
      const gzipKb = Math.round(gzipSync(script).length / 1024);
      record(runtime, `${entry} bundles (${what})`, true, `${kb} KB, ${gzipKb} KB gzipped`);
      return script;
    } catch (error) {
      record(runtime, `${entry} bundles (${what})`, false, String(error.message).split('\n')[0]);
      return undefined;
    }
  };
  const script = await bundle('worker.mjs', 'core, every provider, AI SDK, MCP server');
  const langchain = await bundle('worker-nodejs-compat.mjs', 'core, Tavily, the cache, LangChain');
  const context = { Miniflare, simulator, served, record, requireFrom, query };
  // With nodejs_compat (what wrangler's templates turn on), and without: nothing here needs Node's APIs.
  if (script) {
    for (const flags of [['nodejs_compat'], []]) {
      const label = flags.length > 0 ? runtime : `${runtime} (no nodejs_compat)`;
      const ask = mainWorkerQuestions({ ...context, runtime: label });
      await askWorker({ ...context, script, flags, runtime: label, ask });
    }
  }
  if (langchain) {
    const label = `${runtime} (nodejs_compat: LangChain, cache)`;
    const ask = langChainQuestions({ ...context, runtime: label });
    await askWorker({ ...context, script: langchain, flags: ['nodejs_compat'], runtime: label, ask });
  }
}

/** Runs the bundled Worker on workerd with these compatibility flags and asks it what a user would. */
async function askWorker({ Miniflare, script, flags, runtime, simulator, served, record, ask }) {
  // workerd's own log (a client closing a finished stream shows as a broken pipe) only when a check failed.
  const logs = [];
  let failures = 0;
  const mf = new Miniflare({
    handleRuntimeStdio(stdout, stderr) {
      stdout.on('data', (chunk) => logs.push(chunk));
      stderr.on('data', (chunk) => logs.push(chunk));
    },
    // The module list given, as wrangler gives it: miniflare's own scan refuses a computed import() (the AI
    // SDK's optional vendor packages), which workerd runs and answers with "No such module".
    modules: [{ type: 'ESModule', path: 'worker.mjs', contents: script }],
    compatibilityDate: COMPATIBILITY_DATE,
    compatibilityFlags: flags,
    bindings: {
      TAVILY_API_KEY: 'tvly-dev-R4t8Lm2Qx7Vb9Nc3Kp6Zs1Wy5',
      TAVILY_BASE_URL: `${simulator.origin}/tavily`,
      DUCKDUCKGO_HTML_URL: `${simulator.origin}/duckduckgo`,
      MCP_TOKEN: TOKEN,
      MCP_ALLOWED_ORIGINS: ALLOWED_ORIGIN,
    },
    host: '127.0.0.1',
    port: 0,
  });
  const check = async (name, run) => {
    try {
      const detail = await run();
      const url = typeof detail === 'string' && detail.startsWith('http') ? detail : undefined;
      if (url && !served(url)) throw new Error(`${url} is not an address the simulator served`);
      record(runtime, name, true, detail);
    } catch (error) {
      failures += 1;
      const cause = error.cause ? ` (cause: ${error.cause.code ?? error.cause.message ?? error.cause})` : '';
      record(runtime, name, false, `${error.name}: ${String(error.message).split('\n')[0]}${cause}`);
    }
  };
  const expect = (condition, message) => {
    if (!condition) throw new Error(message);
  };
  try {
    await ask({ origin: await mf.ready, check, expect });
  } finally {
    await mf.dispose();
    if (failures > 0) process.stderr.write(Buffer.concat(logs).toString('utf8').slice(-4_000));
  }
}

/** What the main Worker is asked: searches, every provider loaded, the AI SDK tool, the MCP server. */
function mainWorkerQuestions({ simulator, requireFrom, query, runtime, record }) {
  return async ({ origin, check, expect }) => {
    const tavilyBefore = simulator.calls('tavily');
    const duckDuckGoBefore = simulator.calls('duckduckgo');
    await check('core + Tavily (keyed): a search', async () => {
      const answer = await (await fetch(new URL(`/search?q=${encodeURIComponent(query)}`, origin))).json();
      expect(answer.provider === 'tavily' && answer.urls?.length > 0, JSON.stringify(answer).slice(0, 200));
      return answer.urls[0];
    });
    await check('core + DuckDuckGo: a search', async () => {
      const answer = await (
        await fetch(new URL(`/search?provider=duckduckgo&q=${encodeURIComponent(query)}`, origin))
      ).json();
      expect(
        answer.provider === 'duckduckgo' && answer.urls?.length > 0,
        JSON.stringify(answer).slice(0, 200),
      );
      return answer.urls[0];
    });
    await check('every provider package loaded at the Worker start', async () => {
      const answer = await (await fetch(new URL('/providers', origin))).json();
      const loaded = Object.keys(answer).filter((id) => answer[id] === 'function');
      expect(loaded.length === 10, `fromEnv exported: ${JSON.stringify(answer)}`);
      return loaded.join(', ');
    });
    await check('AI SDK: a vendor model with the vendor package absent gets our web_search', async () => {
      const answer = await (await fetch(new URL('/ai-sdk', origin))).json();
      expect(
        answer.source === 'agent-search',
        `source: ${answer.source} ${JSON.stringify(answer).slice(0, 200)}`,
      );
      expect(answer.provider === 'tavily' && answer.urls?.length > 0, JSON.stringify(answer).slice(0, 200));
      return answer.urls[0];
    });

    const mcpUrl = new URL('/mcp', origin);
    const fromMcp = requireFrom('mcp');
    const load = (specifier) => import(pathToFileURL(fromMcp.resolve(specifier)).href);
    const v2 = await load('@modelcontextprotocol/client');
    const v1 = {
      ...(await load('@modelcontextprotocol/sdk/client/index.js')),
      ...(await load('@modelcontextprotocol/sdk/client/streamableHttp.js')),
    };
    const auth = { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } };
    /** tools/call web_search through `client`, connected with the token; the first result's address. */
    const callWebSearch = async (client, transport) => {
      await client.connect(transport);
      try {
        const { tools: offered } = await client.listTools();
        expect(
          offered.some((t) => t.name === 'web_search'),
          `tools: ${offered.map((t) => t.name)}`,
        );
        const answer = await client.callTool({ name: 'web_search', arguments: { query, max_results: 2 } });
        expect(!answer.isError, `tool error: ${JSON.stringify(answer.content).slice(0, 200)}`);
        // The model text names sites without addresses; structuredContent holds the normalized results.
        const url = answer.structuredContent?.results?.[0]?.url;
        expect(
          answer.content[0]?.text?.includes('Results for'),
          `text: ${JSON.stringify(answer.content).slice(0, 200)}`,
        );
        expect(url, `no results in: ${JSON.stringify(answer.structuredContent).slice(0, 200)}`);
        return { url, version: client.getNegotiatedProtocolVersion?.() };
      } finally {
        await client.close().catch(() => {});
      }
    };
    await check('MCP: tools/call web_search with the token, v2 client on protocol 2026-07-28', async () => {
      const client = new v2.Client(
        { name: 'runtime-matrix', version: '1.0.0' },
        { versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      const { url, version } = await callWebSearch(
        client,
        new v2.StreamableHTTPClientTransport(mcpUrl, auth),
      );
      expect(version === '2026-07-28', `negotiated ${version}`);
      return url;
    });
    await check('MCP: tools/call web_search with the token, v1 client (2025, stateless)', async () => {
      const client = new v1.Client({ name: 'runtime-matrix', version: '1.0.0' });
      return (await callWebSearch(client, new v1.StreamableHTTPClientTransport(mcpUrl, auth))).url;
    });
    await check('MCP: no token is 401, a foreign Origin 403', async () => {
      const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
      const anonymous = await fetch(mcpUrl, { method: 'POST', headers, body: initialize });
      const foreign = await fetch(mcpUrl, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${TOKEN}`, origin: 'https://evil.example' },
        body: initialize,
      });
      expect(anonymous.status === 401, `without a token: ${anonymous.status}`);
      expect(foreign.status === 403, `from a foreign origin: ${foreign.status}`);
      return '401, 403';
    });
    const calls = simulator.calls('tavily') - tavilyBefore;
    const duckDuckGoCalls = simulator.calls('duckduckgo') - duckDuckGoBefore;
    record(
      runtime,
      'the searches reached the loopback simulator',
      calls >= 3 && duckDuckGoCalls >= 1,
      `${calls} Tavily, ${duckDuckGoCalls} DuckDuckGo requests`,
    );
  };
}

/** What the LangChain Worker is asked: the tool's text for a search. */
function langChainQuestions({ simulator, query, runtime, record }) {
  return async ({ origin, check, expect }) => {
    const before = simulator.calls('tavily');
    await check('LangChain: webSearchTool.invoke', async () => {
      const text = await (await fetch(new URL(`/?q=${encodeURIComponent(query)}`, origin))).text();
      expect(text.startsWith(`Results for "${query}"`), text.slice(0, 200));
      return text.split('\n')[1];
    });
    await check('the cache: a repeated question answered from memory', async () => {
      // Another question than LangChain's, so its first search is the cache's first sight of it.
      const answer = await (
        await fetch(new URL(`/cache?q=${encodeURIComponent(`${query} cost`)}`, origin))
      ).json();
      expect(answer.provider === 'tavily', JSON.stringify(answer).slice(0, 200));
      expect(answer.cached?.[0] === false && answer.cached?.[1] === true, `cached: ${answer.cached}`);
      return answer.urls[0];
    });
    const calls = simulator.calls('tavily') - before;
    record(
      runtime,
      'the searches reached the loopback simulator once each',
      calls === 2,
      `${calls} Tavily requests`,
    );
  };
}
