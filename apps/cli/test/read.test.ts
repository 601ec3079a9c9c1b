import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useLoopbackSite } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

// The real command in its own process, as users run it, against a loopback site.
const BIN = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
const STRIP_TYPES = (process.features as { typescript?: unknown }).typescript
  ? []
  : ['--experimental-strip-types'];

const ARTICLE = `<!doctype html><html><head><meta charset="utf-8"><title>Library extends opening hours | Town Gazette</title>
<meta property="og:site_name" content="Town Gazette"><meta property="article:published_time" content="2026-05-02T09:00:00Z"></head>
<body><nav><a href="/">Home</a> <a href="/sport">Sport</a> <a href="/jobs">Jobs board</a></nav>
<div class="ad-slot">Advertisement: cheap flights to the sun</div>
<main><article><h1>Library extends opening hours</h1>
<p>The central library will open until 9 pm on weekdays from June, the council announced on Thursday after a year-long pilot in two branches.</p>
<p>Visitor numbers in the pilot branches rose by a quarter in the evening hours, mostly students and shift workers who could not come during the day.</p>
<p>The extra hours cost about 80,000 a year, paid from the culture budget, and no new staff will be hired: existing staff move to later shifts by choice.</p>
<p>Weekend hours stay as they are, from 10 am to 4 pm on Saturdays, and the library remains closed on Sundays.</p>
</article></main><footer>Contact the newsroom · Terms</footer></body></html>`;

// A page built by its scripts: nothing to read without running them.
const SCRIPT_BUILT = `<!doctype html><html><head><title>Photo gallery</title><script src="/app.js" defer></script></head>
<body><div id="root"></div><noscript>Enable JavaScript to run this app.</noscript><img src="/logo.png" alt=""></body></html>`;

const site = useLoopbackSite((req, res) => {
  if (req.url === '/robots.txt') return void res.writeHead(404).end();
  if (req.url === '/gallery') {
    return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SCRIPT_BUILT);
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
});

function spawnCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...STRIP_TYPES, '--conditions=source', BIN, ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: mkdtempSync(join(tmpdir(), 'cli-read-')),
        NODE_NO_WARNINGS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('agent-search read', () => {
  it("prints the page's main content as Markdown", async () => {
    const run = await spawnCli(['read', `${site.origin}/news/library`, '--allow-private', site.origin]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^# Library extends opening hours/);
    expect(run.stdout).toContain('Town Gazette · 2026-05-02');
    expect(run.stdout).toContain('open until 9 pm on weekdays from June');
    expect(run.stdout).toContain('the library remains closed on Sundays');
    expect(run.stdout).not.toContain('Jobs board');
    expect(run.stdout).not.toContain('cheap flights');
  });

  it('refuses a loopback address unless the user allows that origin', async () => {
    const run = await spawnCli(['read', `${site.origin}/news/library`]);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('(blocked_address)');
  });

  it('prints JSON cut at --max-chars', async () => {
    const run = await runCli([
      'read',
      `${site.origin}/news/library`,
      '--json',
      '--max-chars',
      '300',
      '--allow-private',
      site.origin,
    ]);
    expect(run.code).toBe(0);
    const page = JSON.parse(run.stdout) as {
      text: string;
      truncated: boolean;
      title: string;
      publishedAt: string;
    };
    expect(page.truncated).toBe(true);
    expect(page.text.length).toBeLessThanOrEqual(300);
    expect(page.text).toContain('open until 9 pm');
    expect(page.publishedAt).toBe('2026-05-02T09:00:00.000Z');
  });

  it('reports bad input as usage errors and unreadable addresses as failures', async () => {
    expect((await runCli(['read'])).code).toBe(2);
    expect((await runCli(['read', site.origin, '--max-chars', 'lots'])).code).toBe(2);
    const file = await runCli(['read', 'file:///etc/passwd']);
    expect(file.code).toBe(3);
    expect(file.stderr).toContain('(invalid_url)');
  });

  it('exits 4 with no_content, and nothing on stdout, for a page with no readable text', async () => {
    const run = await runCli(['read', `${site.origin}/gallery`, '--allow-private', site.origin]);
    expect(run.code).toBe(4);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('(no_content)');
    expect(run.stderr).toMatch(/no text/);
  });

  it('lists the read command in the usage', async () => {
    expect((await runCli(['--help'])).stdout).toContain('agent-search read <url>');
  });
});
