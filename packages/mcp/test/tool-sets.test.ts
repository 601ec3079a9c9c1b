import { execFile } from 'node:child_process';
import { loadProviderKits } from '@agent-search/registry/testing';
import { useProviderSimulator } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { BIN, connectStdio, requireBuiltServer } from './connect.ts';
import { loopbackEnv, textOf } from './loopback.ts';

requireBuiltServer();
const simulator = useProviderSimulator(await loadProviderKits());

/** Starts the server over stdio with only `env` and stdin closed; resolves when it exits. */
function startServer(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN],
      { env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1', ...env }, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

describe('SEARCH_MCP_TOOLS: more tools by configuration', () => {
  it('legal: lists regulation_search and case_search, with their rules in the instructions', async () => {
    const session = await connectStdio(loopbackEnv(simulator(), { SEARCH_MCP_TOOLS: 'legal' }));
    try {
      const { tools } = await session.client.listTools();
      expect(tools.map((t) => t.name)).toEqual([
        'web_search',
        'regulation_search',
        'case_search',
        'read_page',
      ]);
      const regulation = tools.find((t) => t.name === 'regulation_search')!;
      expect(regulation.inputSchema.required).toEqual(['law_name']);
      expect(Object.keys(regulation.inputSchema.properties ?? {})).toEqual([
        'law_name',
        'article',
        'max_results',
      ]);
      const instructions = session.client.getInstructions() ?? '';
      // The two tools share their rules: said once.
      expect(instructions.split('Chinese legal search (the regulation_search').length).toBe(2);
      expect(instructions).toContain('案号');
      expect(session.stderr()).toBe('');
    } finally {
      await session.client.close();
    }
  });

  it('legal: a call searches through the server’s stack; an empty law name is the one refusal', async () => {
    const session = await connectStdio(loopbackEnv(simulator(), { SEARCH_MCP_TOOLS: 'legal' }));
    try {
      const refused = await session.client.callTool({
        name: 'regulation_search',
        arguments: { law_name: ' ' },
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toBe('empty law name: say which law to look up, for example 民法典');

      const answered = await session.client.callTool({
        name: 'case_search',
        arguments: { keyword: '民间借贷', max_results: '2' },
      });
      expect(answered.isError, textOf(answered)).toBeFalsy();
      const output = answered.structuredContent as { results: unknown[] };
      expect(Array.isArray(output.results)).toBe(true);
      expect(output.results.length).toBeLessThanOrEqual(2);
      expect(JSON.parse(textOf(answered))).toEqual(output);
    } finally {
      await session.client.close();
    }
  });

  it('without it, no legal tool', async () => {
    const session = await connectStdio(loopbackEnv(simulator()));
    try {
      const { tools } = await session.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['web_search', 'read_page']);
    } finally {
      await session.client.close();
    }
  });

  it('an unknown tool set: exit 2 and one sentence naming the variable, the value and what is allowed', async () => {
    const run = await startServer(loopbackEnv(simulator(), { SEARCH_MCP_TOOLS: 'legal,medical' }));
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'agent-search-mcp: configuration error: SEARCH_MCP_TOOLS: expected a comma-separated list of legal, got "medical"\n',
    );
  });

  it('a mistyped name is named with the one meant', async () => {
    const session = await connectStdio(loopbackEnv(simulator(), { SEARCH_MCP_TOOL: 'legal' }));
    try {
      const { tools } = await session.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['web_search', 'read_page']);
      expect(session.stderr()).toContain('SEARCH_MCP_TOOL is not read; did you mean SEARCH_MCP_TOOLS?');
    } finally {
      await session.client.close();
    }
  });
});
