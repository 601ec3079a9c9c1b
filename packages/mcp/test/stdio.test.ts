import { loadProviderKits } from '@agent-search/registry/testing';
import { useProviderSimulator } from '@agent-search/testing';
import { EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectStdio, requireBuiltServer } from './connect.ts';
import { EXA_KEY, loopbackEnv, TAVILY_KEY, textOf } from './loopback.ts';

requireBuiltServer();
const simulator = useProviderSimulator(await loadProviderKits());

const connect = (extraEnv: Record<string, string> = {}) => connectStdio(loopbackEnv(simulator(), extraEnv));

describe('agent-search-mcp over stdio', () => {
  let session: Awaited<ReturnType<typeof connect>>;
  beforeEach(async () => {
    session = await connect({ LOG_LEVEL: 'debug' });
  });
  afterEach(() => session.client.close());

  it('lists web_search with its schema and read-only, open-world annotations', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['web_search', 'read_page']);
    const [tool] = tools;
    expect(tool!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
    expect(tool!.inputSchema.required).toEqual(['query']);
    expect(Object.keys(tool!.inputSchema.properties ?? {})).toEqual([
      'query',
      'mode',
      'max_results',
      'num_results',
      'time_range',
      'include_sites',
      'exclude_sites',
      'region',
    ]);
    expect(tool!.outputSchema?.properties).toHaveProperty('results');
  });

  it('answers web_search from the loopback provider: compact text for the model, results for programs', async () => {
    const result = await session.client.callTool({
      name: 'web_search',
      arguments: { query: 'heat pump efficiency', max_results: 3 },
    });
    expect(result.isError).toBeFalsy();
    const structured = result.structuredContent as {
      provider: string;
      results: { url: string; source: string }[];
    };
    expect(structured.provider).toBe('tavily');
    expect(structured.results).toHaveLength(3);
    const text = textOf(result);
    // The model view numbers the results in the order of structuredContent's (the program maps [n] to
    // its URL), names each site and spends no tokens on URLs.
    for (const [i, r] of structured.results.entries()) {
      expect(text).toContain(`[${i + 1}] `);
      expect(text).toContain(r.source);
      expect(text).not.toContain(r.url);
    }
    expect(text.length).toBeLessThan(JSON.stringify(structured).length);
    expect(simulator().calls('tavily')).toBe(1);
    expect(simulator().calls('exa')).toBe(0);
  });

  it('says cached on a repeated search the cache answered: in the model text and in structuredContent', async () => {
    const ask = () =>
      session.client.callTool({
        name: 'web_search',
        arguments: { query: 'heat pump cached', max_results: 3 },
      });
    const first = await ask();
    expect(textOf(first).split('\n')[0]).toMatch(/^Results for "heat pump cached" \(\d{4}-\d{2}-\d{2}\):$/);
    expect((first.structuredContent as { cached: boolean }).cached).toBe(false);
    const again = await ask();
    expect(again.isError).toBeFalsy();
    expect(textOf(again).split('\n')[0]).toMatch(
      /^Results for "heat pump cached" \(\d{4}-\d{2}-\d{2}, cached\):$/,
    );
    expect(again.structuredContent).toMatchObject({ cached: true });
    // The results themselves are the same; only the mark beside them differs.
    expect((again.structuredContent as { results: unknown[] }).results).toEqual(
      (first.structuredContent as { results: unknown[] }).results,
    );
    expect(simulator().calls('tavily')).toBe(1);
  });

  it('takes num_results as max_results (the name some agents use)', async () => {
    const result = await session.client.callTool({
      name: 'web_search',
      arguments: { query: 'heat pump efficiency', num_results: 2 },
    });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { results: unknown[] }).results).toHaveLength(2);
    const tooMany = await session.client.callTool({
      name: 'web_search',
      arguments: { query: 'heat pump', num_results: 11 },
    });
    // Out of range is clamped, as on every surface (one lenient reading of the arguments), not refused.
    expect(tooMany.isError).toBeFalsy();
    const clamped = (tooMany.structuredContent as { results: unknown[] }).results;
    expect(clamped.length).toBeGreaterThan(2);
    expect(clamped.length).toBeLessThanOrEqual(10);
  });

  it('fails over to the next provider when the primary fails', async () => {
    simulator().configure('tavily', { faults: { server_error: 1 } });
    const result = await session.client.callTool({
      name: 'web_search',
      arguments: { query: 'heat pump failover' },
    });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { provider: string }).provider).toBe('exa');
    expect(simulator().calls('tavily')).toBe(1);
    expect(simulator().calls('exa')).toBe(1);
  });

  // Issue 33: one lenient reading on every surface. MCP used to refuse an out-of-range count (-32602's
  // validation text); the tool layer clamps it, and refuses only an empty or too long query, in the tool's
  // own failure form.
  it('reads an out-of-range count leniently and refuses only an empty query, without searching', async () => {
    const clamped = await session.client.callTool({
      name: 'web_search',
      arguments: { query: 'heat pump', max_results: 50 },
    });
    expect(clamped.isError).toBeFalsy();
    expect((clamped.structuredContent as { results: unknown[] }).results.length).toBeLessThanOrEqual(10);
    const calls = simulator().calls('tavily') + simulator().calls('exa');
    const empty = await session.client.callTool({ name: 'web_search', arguments: { query: '  ' } });
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toBe('empty query: say what to search for');
    expect(simulator().calls('tavily') + simulator().calls('exa')).toBe(calls);
  });

  it('says what failed in the LiveKit tool’s sentence when every provider fails, never a key', async () => {
    simulator().configure('tavily', { faults: { rate_limited: 1 } });
    simulator().configure('exa', { faults: { rate_limited: 1 } });
    const result = await session.client.callTool({
      name: 'web_search',
      arguments: { query: 'heat pump outage' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('rate limited');
    expect(session.stderr()).not.toContain(TAVILY_KEY);
    expect(session.stderr()).not.toContain(EXA_KEY);
  });
});

describe('hostile stdin', () => {
  it('answers a message over the 10 MiB line limit with an error under its id, and keeps serving', async () => {
    const { client, transport, stderr } = await connect();
    const errors: Error[] = [];
    client.onerror = (error) => errors.push(error);
    const big = client.request(
      { method: 'ping', params: { pad: 'x'.repeat(11 * 1024 * 1024) } },
      EmptyResultSchema,
    );
    await expect(big).rejects.toThrow(/Request too large: messages are limited to 10485760 bytes/);
    // Still serving, on the same process.
    const result = await client.callTool({ name: 'web_search', arguments: { query: 'heat pump after' } });
    expect(result.isError).toBeFalsy();
    expect(isRunning(transport.pid!)).toBe(true);
    expect(errors).toEqual([]);
    expect(stderr()).not.toContain('Error:');
    await client.close();
  });
});

describe('shutdown', () => {
  it('finishes a search in flight on SIGTERM, then exits', async () => {
    simulator().configure('tavily', { latency: { kind: 'fixed', ms: 800 } });
    const { client, transport } = await connect();
    const call = client.callTool({ name: 'web_search', arguments: { query: 'heat pump shutdown' } });
    await expect.poll(() => simulator().calls('tavily')).toBe(1);
    const pid = transport.pid!;
    process.kill(pid, 'SIGTERM');
    const result = await call;
    expect(result.isError).toBeFalsy();
    // Answered, not cut: by Tavily, or by Exa when the chain hedged past Tavily's slow answer.
    expect(['tavily', 'exa']).toContain((result.structuredContent as { provider: string }).provider);
    await expect.poll(() => isRunning(pid)).toBe(false);
    await client.close();
  });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('agent-search-mcp with AGENT_SEARCH_MCP_FORMAT=agent-server', () => {
  let session: Awaited<ReturnType<typeof connect>>;
  beforeEach(async () => {
    session = await connect({ AGENT_SEARCH_MCP_FORMAT: 'agent-server' });
  });
  afterEach(() => session.client.close());

  it('answers with the web_search_result envelope, as text and as structuredContent', async () => {
    const result = await session.client.callTool({
      name: 'web_search',
      arguments: { query: 'heat pump efficiency', num_results: 3 },
    });
    expect(result.isError).toBeFalsy();
    const envelope = JSON.parse(textOf(result)) as {
      type: string;
      query: string;
      results: Record<string, unknown>[];
      count: number;
    };
    expect(envelope).toMatchObject({ type: 'web_search_result', query: 'heat pump efficiency', count: 3 });
    expect(envelope.results).toHaveLength(3);
    for (const r of envelope.results) expect(Object.keys(r).sort()).toEqual(['snippet', 'title', 'url']);
    expect(result.structuredContent).toEqual(envelope);
  });

  it('answers a failure with the web_search_error envelope', async () => {
    simulator().configure('tavily', { faults: { rate_limited: 1 } });
    simulator().configure('exa', { faults: { rate_limited: 1 } });
    const result = await session.client.callTool({
      name: 'web_search',
      arguments: { query: 'heat pump outage' },
    });
    expect(result.isError).toBe(true);
    expect(JSON.parse(textOf(result))).toEqual({
      type: 'web_search_error',
      query: 'heat pump outage',
      error: 'rate limited',
      error_type: 'rate_limited',
    });
  });
});
