import { parseArgs } from 'node:util';
import { createCacheFromEnv, type SearchCache, withPageCache } from '@agent-search/cache';
import { type Env, SearchConfigError } from '@agent-search/core';
import { isReadPageError, READ_PAGE_DEFAULTS, type ReadPageOptions, readPage } from '@agent-search/reader';
import { createCliLogger } from './logger.ts';

interface ReadContext {
  env: Env;
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  signal?: AbortSignal;
}

const PROGRAM = 'agent-search read';
// Same meanings as a search: 2 usage, 3 the read failed, 130 interrupted; and 4 when the page was read
// but holds no text (a script-built page, a page of images), which a script may want to tell apart.
const EXIT = { ok: 0, internal: 1, usage: 2, failed: 3, noContent: 4, interrupted: 130 } as const;

export const READ_USAGE = `Usage: agent-search read <url> [options]   read a page's main content as Markdown

Read options:
      --json                      print the whole page (title, site, date, text...) as JSON
      --max-chars N               longest text, cut on a paragraph (default ${READ_PAGE_DEFAULTS.maxChars})
      --timeout MS                deadline for the whole read (default ${READ_PAGE_DEFAULTS.timeoutMs})
      --ignore-robots             read even when the site's robots.txt disallows it
      --allow-private ORIGIN      accept a private address for ORIGIN (http://host:port), e.g. an intranet
      --no-cache                  read the page even when a cached copy exists
  -h, --help                      print this
`;

const HELP_HINT = 'Run "agent-search read --help" for its options.';

/** What would let the user read a page the reader refused by default, when a flag would. */
function refusalHint(code: string, url: string): string | undefined {
  if (code === 'robots_disallowed') return "Add --ignore-robots to read it despite the site's robots.txt.";
  if (code !== 'blocked_address') return undefined;
  let origin = 'ORIGIN';
  try {
    origin = new URL(url).origin;
  } catch {}
  return `If it is on a private network you trust, add --allow-private ${origin}.`;
}

function positiveInteger(
  name: string,
  raw: string | undefined,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive whole number (got "${raw.slice(0, 20)}")`);
  if (value > max) throw new Error(`${name} must be at most ${max} (got ${raw.slice(0, 20)})`);
  return value;
}

// As for a search's --timeout: a deadline is minutes at most (a timer over 2^31-1 ms would fire at once).
const MAX_READ_TIMEOUT_MS = 120_000;

interface ReadCommand {
  url: string;
  json: boolean;
  cache: boolean;
  options: ReadPageOptions;
}

function parseReadCommand(argv: string[]): ReadCommand | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      'max-chars': { type: 'string' },
      timeout: { type: 'string' },
      'ignore-robots': { type: 'boolean' },
      'allow-private': { type: 'string', multiple: true },
      'no-cache': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (positionals.length !== 1) throw new Error('give exactly one URL to read');
  const maxChars = positiveInteger('--max-chars', values['max-chars']);
  const timeoutMs = positiveInteger('--timeout', values.timeout, MAX_READ_TIMEOUT_MS);
  const allowPrivate = values['allow-private']?.map((origin) => {
    try {
      return new URL(origin).origin;
    } catch {
      throw new Error(
        `--allow-private needs an origin such as http://intranet:8080 (got "${origin.slice(0, 60)}")`,
      );
    }
  });
  return {
    url: positionals[0] ?? '',
    json: values.json ?? false,
    cache: !values['no-cache'],
    options: {
      ...(maxChars === undefined ? {} : { maxChars }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(values['ignore-robots'] ? { respectRobots: false } : {}),
      ...(allowPrivate ? { allowPrivateOrigins: allowPrivate } : {}),
    },
  };
}

/** `agent-search read <url>`: prints the page's main content as Markdown (or JSON), through the cache. */
export async function runReadCommand(argv: string[], context: ReadContext): Promise<number> {
  const say = (text: string) => context.stderr.write(text);
  let parsed: ReadCommand | 'help';
  try {
    parsed = parseReadCommand(argv);
  } catch (error) {
    say(`${PROGRAM}: ${(error as Error).message}\n${HELP_HINT}\n`);
    return EXIT.usage;
  }
  if (parsed === 'help') {
    context.stdout.write(READ_USAGE);
    return EXIT.ok;
  }
  const command = parsed;
  let cache: SearchCache | undefined;
  try {
    cache = command.cache
      ? createCacheFromEnv(context.env, { logger: createCliLogger(context.env, context.stderr, 'warn') })
      : undefined;
    const read = cache ? withPageCache(readPage, { store: cache.store }) : readPage;
    const page = await read(command.url, {
      ...command.options,
      ...(context.signal ? { signal: context.signal } : {}),
    });
    if (command.json) {
      context.stdout.write(`${JSON.stringify(page, null, 2)}\n`);
    } else {
      const about = [page.siteName, page.byline, page.publishedAt?.slice(0, 10)].filter(Boolean).join(' · ');
      context.stdout.write(
        `# ${page.title}\n${page.finalUrl}\n${about ? `${about}\n` : ''}\n${page.text}\n${page.truncated ? '\n[cut: use --max-chars for more]\n' : ''}`,
      );
    }
    return EXIT.ok;
  } catch (error) {
    if (context.signal?.aborted) {
      say(`${PROGRAM}: interrupted\n`);
      return EXIT.interrupted;
    }
    if (isReadPageError(error)) {
      if (command.json) context.stdout.write(`${JSON.stringify({ error: error.toJSON() })}\n`);
      const hint = refusalHint(error.code, command.url);
      say(`${PROGRAM}: ${error.message} (${error.code})\n${hint ? `${hint}\n` : ''}`);
      return error.code === 'no_content' ? EXIT.noContent : EXIT.failed;
    }
    if (error instanceof RangeError || SearchConfigError.is(error)) {
      say(`${PROGRAM}: ${error.message}\n`);
      return EXIT.usage;
    }
    say(`${PROGRAM}: unexpected error (${error instanceof Error ? error.name : typeof error})\n`);
    return EXIT.internal;
  } finally {
    await cache?.close();
  }
}
