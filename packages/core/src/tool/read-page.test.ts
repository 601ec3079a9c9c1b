import { describe, expect, it } from 'vitest';
import { toolArgsSchema } from '../views/tool-args-schema.ts';
import { defineTool, toolJsonSchema } from './define.ts';
import {
  EMPTY_URL_ERROR,
  READ_CANCELLED_ERROR,
  READ_PAGE_PARAMETERS,
  readPageArguments,
  readPageTool,
} from './read-page.ts';

class ReadPageError extends Error {
  override name = 'ReadPageError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const page = {
  url: 'https://example.org/a',
  finalUrl: 'https://example.org/a',
  title: 'Tides',
  text: 'Two high tides a day.',
  truncated: false,
  contentType: 'text/html',
  siteName: 'Sea News',
  publishedAt: '2026-04-20T10:00:00Z',
};

describe('readPageArguments: one lenient reading', () => {
  it.each([
    [{ url: '  https://a.example/x ' }, { url: 'https://a.example/x', options: {} }],
    [{ url: 'https://a.example', max_tokens: '2000' }, { options: { maxTokens: 2000 } }],
    [{ url: 'https://a.example', max_tokens: 0 }, { options: {} }],
    [{ url: 'https://a.example', max_tokens: 5 }, { options: { maxTokens: 100 } }],
    [{ url: 'https://a.example', max_tokens: 10 ** 9 }, { options: { maxTokens: 25_000 } }],
    [{ url: 'https://a.example', max_tokens: 'lots' }, { options: {} }],
    [{ url: 'https://a.example', offset: '1200.7' }, { options: { offset: 1200 } }],
    [{ url: 'https://a.example', offset: -5 }, { options: {} }],
    [{ url: 'https://a.example', question: '  why? ' }, { options: { question: 'why?' } }],
    [{ url: 'https://a.example', question: 'q'.repeat(900) }, { options: { question: 'q'.repeat(500) } }],
  ])('%j', (raw, expected) => {
    expect(readPageArguments(raw)).toMatchObject({ ok: true, ...expected });
  });

  it.each([[{}], [{ url: '   ' }], [null], [['https://a.example']], [{ url: {} }]])(
    'no address (%j) is the one refusal',
    (raw) => {
      expect(readPageArguments(raw)).toEqual({ ok: false, message: EMPTY_URL_ERROR });
    },
  );
});

describe('readPageTool', () => {
  it('answers with the model text and keeps the page for the program', async () => {
    const calls: unknown[] = [];
    const tool = readPageTool({
      read: async (url, options) => {
        calls.push({ url, options });
        return page;
      },
    });
    const answer = await tool.run({ url: page.url, max_tokens: '300' }, {});
    expect(answer.isError).toBe(false);
    expect(answer.text).toBe(`# Tides\n${page.finalUrl}\n\nTwo high tides a day.`);
    expect(answer.output).toEqual({
      url: page.finalUrl,
      title: 'Tides',
      site: 'Sea News',
      published: '2026-04-20',
      text: 'Two high tides a day.',
      truncated: false,
    });
    expect(calls).toEqual([{ url: page.url, options: { maxChars: 8_000, maxTokens: 300 } }]);
  });

  it('a reader error is its sentence and code; anything else is not shown', async () => {
    const refusing = readPageTool({
      read: async () => {
        throw new ReadPageError('no_content', 'The page has no readable text.');
      },
    });
    expect(await refusing.run({ url: page.url }, {})).toMatchObject({
      isError: true,
      text: 'The page has no readable text.',
      output: { error: 'The page has no readable text.', code: 'no_content' },
    });
    const crashing = readPageTool({
      read: async () => {
        throw new Error('secret internals');
      },
    });
    const answer = await crashing.run({ url: page.url }, {});
    expect(answer).toMatchObject({ isError: true, output: { code: 'unexpected' } });
    expect(answer.text).not.toContain('secret');
  });

  it('no address: the refusal, the reader never called; a cancelled read says so', async () => {
    let reads = 0;
    const controller = new AbortController();
    const tool = readPageTool({
      read: async () => {
        reads += 1;
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      },
    });
    expect(await tool.run({ url: '' }, {})).toMatchObject({ isError: true, text: EMPTY_URL_ERROR });
    expect(reads).toBe(0);
    expect(await tool.run({ url: page.url }, { signal: controller.signal })).toMatchObject({
      isError: true,
      text: READ_CANCELLED_ERROR,
    });
  });
});

describe('a tool definition', () => {
  it('derives a JSON Schema and a zod schema that refuse nothing but require the required', () => {
    expect(toolJsonSchema(READ_PAGE_PARAMETERS)).toMatchObject({
      required: ['url'],
      properties: { url: { type: 'string' }, max_tokens: { type: ['integer', 'string', 'null'] } },
    });
    const parsed = toolArgsSchema(READ_PAGE_PARAMETERS).parse({ url: 7, max_tokens: {}, extra: 1 });
    expect(parsed).toEqual({ url: '', max_tokens: undefined, extra: 1 });
  });

  it('refuses a bad name or two parameters of one name when defined', () => {
    const run = async () => ({ text: '', value: '', output: {}, isError: false });
    expect(() => defineTool({ name: 'Read Page', description: '', parameters: [], run })).toThrow(
      /snake_case/,
    );
    const twice = [READ_PAGE_PARAMETERS[0]!, READ_PAGE_PARAMETERS[0]!];
    expect(() => defineTool({ name: 'x', description: '', parameters: twice, run })).toThrow(
      /two parameters/,
    );
  });
});
