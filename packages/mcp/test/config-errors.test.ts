import { PassThrough } from 'node:stream';
import { PROVIDER_DEFINITIONS } from '@agent-search/registry';
import { describe, expect, it } from 'vitest';
import { runMcpServer } from '../src/index.ts';

async function start(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await runMcpServer([], {
    env,
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr: { write: (chunk: string) => (stderr += chunk) },
    signal: new AbortController().signal,
  });
  return { code, stderr };
}

describe('start-up configuration errors', () => {
  it('an unknown id in SEARCH_PROVIDER_PRIORITY stops the server, naming it and the known ids', async () => {
    const { code, stderr } = await start({ SEARCH_PROVIDER_PRIORITY: 'duckduckgo,google' });
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^agent-search-mcp: configuration error: SEARCH_PROVIDER_PRIORITY: unknown provider "google" \(known: [^)]+\)\n$/,
    );
    const known = /\(known: ([^)]+)\)/.exec(stderr)?.[1]?.split(', ');
    for (const { id } of PROVIDER_DEFINITIONS) expect(known).toContain(id);
  });
});
