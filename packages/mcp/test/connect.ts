import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { beforeAll } from 'vitest';
import { createSearchMcpServer, type SearchMcpServerOptions } from '../src/server.ts';

// The published command itself, as an MCP client starts it: `pnpm run build` makes it (CI builds first).
export const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

/** Fails the file's tests before they start, naming the fix, when the command is not built. */
export function requireBuiltServer(): void {
  beforeAll(() => {
    if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run "pnpm run build" before these tests`);
  });
}

/**
 * The server started over stdio with only `env` (and PATH), connected with the official MCP SDK client;
 * what it writes to stderr (its logs) is kept for the test to read.
 */
export async function connectStdio(env: Record<string, string>) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN],
    env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  const client = new Client({ name: 'agent-search-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, stderr: () => stderr };
}

/** A server in this process, connected with the official MCP SDK client over a linked in-memory pair. */
export async function connectInMemory(options: SearchMcpServerOptions): Promise<Client> {
  const server = createSearchMcpServer(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '0.0.0' });
  await client.connect(clientSide);
  return client;
}

/** The text content of a `tools/call` result, its blocks joined. */
export function textOf(result: Record<string, unknown>): string {
  return ((result.content as { type: string; text: string }[] | undefined) ?? []).map((c) => c.text).join('');
}
