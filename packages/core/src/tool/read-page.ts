import { BulkheadFullError } from '../bulkhead.ts';
import { isAbortError } from '../errors.ts';
import {
  type PageReader,
  type PageText,
  pageModelText,
  READ_PAGE_ARGUMENTS,
  READ_PAGE_LIMITS,
  READ_PAGE_TOOL_DESCRIPTION,
  READ_PAGE_TOOL_NAME,
  type ReadOptions,
} from '../views/read-page-tool.ts';
import {
  argumentsObject,
  defineTool,
  type LayerTool,
  type ToolAnswer,
  type ToolParameter,
} from './define.ts';

/** The `read_page` arguments, described once for every surface. */
export const READ_PAGE_PARAMETERS: readonly ToolParameter[] = Object.freeze([
  {
    name: 'url',
    kind: 'text',
    required: true,
    description: 'The full address of the page, starting with https:// or http://.',
  },
  { name: 'max_tokens', kind: 'count', description: READ_PAGE_ARGUMENTS.max_tokens },
  { name: 'offset', kind: 'count', description: READ_PAGE_ARGUMENTS.offset },
  { name: 'question', kind: 'text', description: READ_PAGE_ARGUMENTS.question },
]);

export const EMPTY_URL_ERROR = 'No url given: say which page to read, by its full address (https://…).';
export const READ_CANCELLED_ERROR = 'reading cancelled';
export const READER_BUSY_ERROR = 'The page reader is busy with other pages; try again in a few seconds.';
const UNEXPECTED_ERROR = 'The page could not be read.';
const MAX_URL_CHARS = 2_048;

/** A read the tool will make, or the one refusal (no address). */
export type ReadPageArguments =
  | { ok: true; url: string; options: Pick<ReadOptions, 'maxTokens' | 'offset' | 'question'> }
  | { ok: false; message: string };

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** A whole number from a number or a numeric string, clamped to `min..max`; undefined for anything else. */
function whole(value: unknown, min: number, max: number): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return undefined;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

/**
 * One lenient reading of a model's `read_page` arguments: `url` trimmed (the one refusal: none given);
 * `max_tokens` a number or numeric string, `0`/missing the default, else clamped to 100..25,000; `offset`
 * clamped to 0..10,000,000, `0` the start; `question` trimmed and cut to 500 characters.
 */
export function readPageArguments(raw: unknown): ReadPageArguments {
  const args = argumentsObject(raw);
  const url = text(args.url).slice(0, MAX_URL_CHARS);
  if (url === '') return { ok: false, message: EMPTY_URL_ERROR };
  // 0 is "no preference", as for web_search's counts; any other count is clamped to the reader's range.
  const tokens = whole(args.max_tokens, 0, READ_PAGE_LIMITS.maxTokens);
  const maxTokens = tokens ? Math.max(READ_PAGE_LIMITS.minTokens, tokens) : undefined;
  const offset = whole(args.offset, 0, READ_PAGE_LIMITS.maxOffset);
  const question = text(args.question).slice(0, READ_PAGE_LIMITS.maxQuestionChars);
  return {
    ok: true,
    url,
    options: {
      ...(maxTokens === undefined ? {} : { maxTokens }),
      ...(offset ? { offset } : {}),
      ...(question ? { question } : {}),
    },
  };
}

/** What a program keeps of a page read, and what a surface that hands the model a value gives it. */
export interface ReadPageToolOutput {
  url: string;
  title: string;
  site?: string;
  /** The page's date (YYYY-MM-DD), when it gives one. */
  published?: string;
  text: string;
  truncated: boolean;
  /** Where a next read (`offset`) goes on from the cut. */
  nextOffset?: number;
  /** Length of the page's whole text, in characters. */
  totalChars?: number;
  /** With a `question`: the passages given, best first, by offset and length. */
  passages?: { offset: number; length: number }[];
}

/** A failed read: the sentence the model gets and the reader's code (`no_content`, `blocked`, ...). */
export interface ReadPageFailure {
  error: string;
  code: string;
}

function toOutput(page: PageText): ReadPageToolOutput {
  return {
    url: page.finalUrl,
    title: page.title,
    ...(page.siteName ? { site: page.siteName } : {}),
    ...(page.publishedAt ? { published: page.publishedAt.slice(0, 10) } : {}),
    text: page.text,
    truncated: page.truncated,
    ...(page.nextOffset === undefined ? {} : { nextOffset: page.nextOffset }),
    ...(page.totalChars === undefined ? {} : { totalChars: page.totalChars }),
    ...(page.passages === undefined ? {} : { passages: page.passages }),
  };
}

/**
 * The one failure reading: the reader's errors carry a sentence meant for the model (a private address,
 * robots.txt, `no_content`); a cancelled read and a full read budget say so; anything else is not shown.
 */
export function readPageFailureOf(error: unknown, signal?: AbortSignal): ReadPageFailure {
  if (signal?.aborted || isAbortError(error)) return { error: READ_CANCELLED_ERROR, code: 'cancelled' };
  if (BulkheadFullError.is(error)) return { error: READER_BUSY_ERROR, code: 'busy' };
  const named = error as { name?: unknown; message?: unknown; code?: unknown } | null;
  if (named?.name === 'ReadPageError' && typeof named.message === 'string') {
    return { error: named.message, code: typeof named.code === 'string' ? named.code : 'unreadable' };
  }
  return { error: UNEXPECTED_ERROR, code: 'unexpected' };
}

function failed(failure: ReadPageFailure): ToolAnswer {
  return { text: failure.error, value: failure, output: failure, isError: true };
}

export interface ReadPageToolSetup {
  /** `readPage` from `@agent-search/reader` (or the same behind `withPageCache`, or a read budget). */
  read: PageReader;
  /** Longest text handed to the model, cut on a paragraph boundary. Default 8,000 characters. */
  maxChars?: number;
  /** Replaces the description the model reads. */
  description?: string;
  /** Told of each failed read (its code), for the surface's log. */
  onFailure?: (failure: ReadPageFailure, error: unknown) => void;
}

/**
 * `read_page` as a layer tool: the model reads the page's title, address and main text (`pageModelText`),
 * a program keeps `ReadPageToolOutput`; a failed read is its sentence (`ReadPageFailure`), never a throw.
 */
export function readPageTool(setup: ReadPageToolSetup): LayerTool {
  const maxChars = setup.maxChars ?? 8_000;
  return defineTool({
    name: READ_PAGE_TOOL_NAME,
    title: 'Read a web page',
    description: setup.description ?? READ_PAGE_TOOL_DESCRIPTION,
    parameters: READ_PAGE_PARAMETERS,
    workingMessage: 'Reading the page…',
    instructions:
      'Use read_page on a result whose snippet does not answer the question; cite the page by its title and address.',
    run: async (rawArguments, call) => {
      const read = readPageArguments(rawArguments);
      if (!read.ok) return failed({ error: read.message, code: 'invalid_request' });
      try {
        await call.beforeWork?.();
        const page = await setup.read(read.url, {
          maxChars,
          ...read.options,
          ...(call.signal ? { signal: call.signal } : {}),
        });
        const output = toOutput(page);
        return { text: pageModelText(page), value: output, output, isError: false };
      } catch (error) {
        const failure = readPageFailureOf(error, call.signal);
        setup.onFailure?.(failure, error);
        return failed(failure);
      }
    },
  });
}
