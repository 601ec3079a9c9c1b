import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
// Node strips types by default from 23.6 (CI runs 24); 22.12–22.17 need the flag.
const STRIP_TYPES = (process.features as { typescript?: unknown }).typescript
  ? []
  : ['--experimental-strip-types'];

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...STRIP_TYPES, '--conditions=source', BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', NODE_NO_WARNINGS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('agent-search mcp', () => {
  it('hands the rest of the command line to the MCP server', async () => {
    const help = await run(['mcp', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('agent-search mcp --http [--port N] [--host H]');
    const refused = await run(['mcp', '--http', '--host', '0.0.0.0', '--port', '0']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('agent-search mcp: refusing to listen on 0.0.0.0 without a token');
  });
});
