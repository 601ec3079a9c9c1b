// The `read_page` tool's contract, shared by the adapters (MCP, AI SDK, LangChain): its description, the
// reader it takes, the text the model gets and the sentence a failure becomes. The reader itself lives in
// `@agent-search/reader`; it is passed in, so an adapter does not pull its HTML stack for search-only users.

export const READ_PAGE_TOOL_NAME = 'read_page';

export const READ_PAGE_TOOL_DESCRIPTION =
  'Read one web page (an http or https URL, usually from web_search results) and return its main text as Markdown: the article, ruling or document, without navigation, ads or scripts. Use it when a search snippet is not enough to answer.';

/** What `readPage` from `@agent-search/reader` returns, as much as the tools use. */
export interface PageText {
  url: string;
  finalUrl: string;
  title: string;
  text: string;
  truncated: boolean;
  contentType: string;
}

/** `readPage` from `@agent-search/reader`, or the same behind the cache's `withPageCache`. */
export type PageReader = (
  url: string,
  options: { signal?: AbortSignal; maxChars?: number },
) => Promise<PageText>;

/** What the model reads of a page: its title, its address, then the text ("[…]" when cut). */
export function pageModelText(page: Pick<PageText, 'finalUrl' | 'title' | 'text' | 'truncated'>): string {
  return `# ${page.title || page.finalUrl}\n${page.finalUrl}\n\n${page.text}${page.truncated ? '\n\n[…]' : ''}`;
}

/** The reader's errors carry a sentence meant for the model; anything else is not shown as it is. */
export function readPageFailure(error: unknown): string {
  const named = error as { name?: unknown; message?: unknown } | null;
  return named?.name === 'ReadPageError' && typeof named.message === 'string'
    ? named.message
    : 'The page could not be read.';
}
