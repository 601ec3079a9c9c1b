// The `read_page` tool's contract, shared by the adapters (MCP, AI SDK, LangChain): its description, the
// reader it takes, the text the model gets and the sentence a failure becomes. The reader itself lives in
// `@agent-search/reader`; it is passed in, so an adapter does not pull its HTML stack for search-only users.

export const READ_PAGE_TOOL_NAME = 'read_page';

export const READ_PAGE_TOOL_DESCRIPTION =
  'Read one web page (an http or https URL, usually from web_search results) and return its main text as Markdown: the article, ruling or document, without navigation, ads or scripts. Use it when a search snippet is not enough to answer. A long page is cut with a note giving the offset to read on from; pass a question to get the passages that answer it first.';

/** The budget and continuation arguments every `read_page` adapter takes, with what the model is told. */
export const READ_PAGE_ARGUMENTS = {
  max_tokens:
    'Longest text to return, in tokens (about 4 characters each). The text is cut on a paragraph, with a note saying how much is left and the offset to read on from.',
  offset:
    "Where in the page to start, in characters: the offset given in a previous answer's note, or a passage's offset.",
  question:
    "A question the page should answer: the page's passages that best match it come first, each with its offset, within the budget.",
} as const;

/** Bounds of those arguments, for the adapters' schemas (the reader refuses tokens under 100). */
export const READ_PAGE_LIMITS = {
  minTokens: 100,
  maxTokens: 25_000,
  maxOffset: 10_000_000,
  maxQuestionChars: 500,
} as const;

/** The arguments a model passes for the budget and the continuation, as the adapters' schemas name them. */
export interface ReadPageBudgetArgs {
  max_tokens?: number | null;
  offset?: number | null;
  question?: string | null;
}

/** The reader's options for those arguments: only the ones given. */
export function readPageBudget(
  args: ReadPageBudgetArgs,
): Pick<ReadOptions, 'maxTokens' | 'offset' | 'question'> {
  return {
    ...(typeof args.max_tokens === 'number' ? { maxTokens: args.max_tokens } : {}),
    ...(typeof args.offset === 'number' && args.offset > 0 ? { offset: args.offset } : {}),
    ...(typeof args.question === 'string' && args.question.trim() ? { question: args.question.trim() } : {}),
  };
}

/** What `readPage` from `@agent-search/reader` returns, as much as the tools use. */
export interface PageText {
  url: string;
  finalUrl: string;
  title: string;
  text: string;
  truncated: boolean;
  contentType: string;
  /** The site's own name, when the page gives one. */
  siteName?: string;
  /** The page's date (ISO 8601), when it gives one. */
  publishedAt?: string;
  /** Where a next read goes on from the cut (the reader's note in `text` says so too). */
  nextOffset?: number;
  /** Length of the page's whole text, in characters. */
  totalChars?: number;
  /** With a question: the passages given, best first, by offset and length in the page's text. */
  passages?: { offset: number; length: number }[];
}

/** The options of a read that the tools pass. */
export interface ReadOptions {
  signal?: AbortSignal;
  maxChars?: number;
  maxTokens?: number;
  offset?: number;
  question?: string;
}

/** `readPage` from `@agent-search/reader`, or the same behind the cache's `withPageCache`. */
export type PageReader = (url: string, options: ReadOptions) => Promise<PageText>;

/**
 * What the model reads of a page: its title, its address, then the text. The reader ends a cut text with
 * a note on how to read on; a reader that does not ("[…]" then) is one that gives no `nextOffset`.
 */
export function pageModelText(
  page: Pick<PageText, 'finalUrl' | 'title' | 'text' | 'truncated' | 'nextOffset' | 'passages'>,
): string {
  const silentCut = page.truncated && page.nextOffset === undefined && page.passages === undefined;
  return `# ${page.title || page.finalUrl}\n${page.finalUrl}\n\n${page.text}${silentCut ? '\n\n[…]' : ''}`;
}

/** The reader's errors carry a sentence meant for the model; anything else is not shown as it is. */
export function readPageFailure(error: unknown): string {
  const named = error as { name?: unknown; message?: unknown } | null;
  return named?.name === 'ReadPageError' && typeof named.message === 'string'
    ? named.message
    : 'The page could not be read.';
}
