import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.ts';

// A loopback site whose robots.txt keeps robots out of /private/.
const PAGE = `<!doctype html><html><head><title>Opening hours</title></head><body><article>
<h1>Opening hours</h1><p>The library opens at nine on weekdays and at ten on Saturdays, and closes at six.</p>
<p>On public holidays it stays closed, and the reading room closes an hour earlier than the rest.</p>
</article></body></html>`;

let site: Server;
let origin: string;
beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/robots.txt')
      return void res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('User-agent: *\nDisallow: /private/\n');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

describe('--help on every command', () => {
  it.each([['--help'], ['-h'], ['providers', '--help'], ['q', '--help']])(
    '%j prints the usage on stdout and exits 0',
    async (...argv) => {
      const run = await runCli(argv);
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(/^Usage:\n {2}agent-search "<query>"/);
    },
  );

  it.each([
    ['read', '--help'],
    ['read', '-h'],
    ['read', 'https://example.org/', '--help'],
  ])('%j prints the read options on stdout and exits 0, reading nothing', async (...argv) => {
    const run = await runCli(argv);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^Usage: agent-search read <url> \[options\]/);
    expect(run.stdout).toContain('--allow-private ORIGIN');
    expect(run.stdout).toContain('--ignore-robots');
  });
});

describe('read: usage errors and refusals', () => {
  it.each([
    [['read', 'https://example.org/', '--max-chars', 'lots'], /--max-chars must be a positive whole number/],
    [['read', 'https://example.org/', '--mxa-chars', '5'], /Unknown option '--mxa-chars'/],
    [['read'], /give exactly one URL to read/],
  ])('%j: the message and one line pointing at read --help', async (argv, message) => {
    const run = await runCli(argv);
    expect(run.code).toBe(2);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(message);
    expect(lines[1]).toBe('Run "agent-search read --help" for its options.');
  });

  it('names --allow-private with the origin when a private address is refused', async () => {
    const run = await runCli(['read', `${origin}/hours`, '--no-cache']);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('(blocked_address)');
    expect(run.stderr).toContain(`add --allow-private ${origin}.`);
  });

  it('names --ignore-robots when robots.txt disallows the page, and reads it with the flag', async () => {
    const refused = await runCli([
      'read',
      `${origin}/private/hours`,
      '--no-cache',
      '--allow-private',
      origin,
    ]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('(robots_disallowed)');
    expect(refused.stderr).toContain('Add --ignore-robots');

    const read = await runCli([
      'read',
      `${origin}/private/hours`,
      '--no-cache',
      '--allow-private',
      origin,
      '--ignore-robots',
    ]);
    expect(read.code).toBe(0);
    expect(read.stdout).toContain('The library opens at nine on weekdays');
  });

  it('adds no flag hint to a failure no flag would change', async () => {
    const run = await runCli(['read', 'file:///etc/passwd']);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('(invalid_url)');
    expect(run.stderr).not.toMatch(/--allow-private|--ignore-robots/);
  });
});
