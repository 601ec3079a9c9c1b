import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { providerKit } from '@agent-search/registry/testing';
import {
  type HostileEntry,
  type HostileUpstream,
  hostileResults,
  startHostileUpstream,
} from '@agent-search/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf } from './loopback.ts';

// The published command, as an MCP client starts it, with `native` in SEARCH_PROVIDER_PRIORITY and one LLM
// vendor's key, pointed at a loopback server answering like that vendor's API (its kit's route and answers).
const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

const ENTRIES: HostileEntry[] = [
  { title: 'Heat pump systems', url: 'https://www.energy.gov/heat-pumps', snippet: 'How heat pumps work.' },
  {
    title: 'Heat pump - Wikipedia',
    url: 'https://en.wikipedia.org/wiki/Heat_pump',
    snippet: 'A heat pump moves heat.',
  },
];

const VENDORS = [
  { id: 'openai', keyEnv: 'OPENAI_API_KEY', key: 'sk-proj-mcp0test0key0do0not0leak00000' },
  { id: 'anthropic', keyEnv: 'ANTHROPIC_API_KEY', key: 'sk-ant-api03-mcp0test0key0do0not0leak0' },
  { id: 'gemini', keyEnv: 'GOOGLE_API_KEY', key: 'AIzaSy-mcp0test0key0do0not0leak0000000' },
] as const;

let upstream: HostileUpstream;
beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run "pnpm run build" before these tests`);
  upstream = await startHostileUpstream();
});
afterAll(() => upstream?.close());

async function connect(env: Record<string, string>) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN],
    env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1', LOG_LEVEL: 'debug', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  const client = new Client({ name: 'native-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

describe('agent-search-mcp with SEARCH_PROVIDER_PRIORITY=native,perplexity', () => {
  it.each(VENDORS)(
    'answers web_search through $id with only $keyEnv set; the key is never in the result or the logs',
    async ({ id, keyEnv, key }) => {
      const kit = await providerKit(id);
      const baseUrlEnv = kit.definition.baseUrlEnv!;
      upstream.reset();
      upstream.answer(kit, hostileResults(kit, ENTRIES));
      const session = await connect({
        SEARCH_PROVIDER_PRIORITY: 'native,perplexity',
        [keyEnv]: key,
        [baseUrlEnv]: upstream.baseURL(kit),
      });
      try {
        const result = await session.client.callTool({
          name: 'web_search',
          arguments: { query: 'heat pump', max_results: 2 },
        });
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toMatchObject({
          provider: id,
          results: ENTRIES.map((e) => expect.objectContaining({ url: e.url, snippet: e.snippet })),
        });
        expect(textOf(result)).toContain('[1] Heat pump systems');
        expect(upstream.requests).toHaveLength(1);
        expect(JSON.stringify(upstream.requests[0]!.headers)).toContain(key);
        expect(upstream.requests[0]!.search).not.toContain(key);
        expect(JSON.stringify(result)).not.toContain(key);
        expect(session.stderr()).not.toContain(key);
      } finally {
        await session.client.close();
      }
    },
  );
});
