import { cleanText, FIELD_LIMITS, type SearchOptions, type SearchResult } from '@agent-search/core';

/** Reads a page's text: `readPage` from `@agent-search/reader`, or it behind `withPageCache`. */
export type PageTextReader = (url: string, options?: { signal?: AbortSignal }) => Promise<{ text: string }>;

export interface LegalSearchOptions extends SearchOptions {
  /**
   * Reads a result's own page when the search sent only a snippet (snippet-only providers such as
   * DuckDuckGo, the keyless default), so the answer comes from the full document: `caseSearch` reads every
   * such judgment, `regulationSearch` every such result of an article lookup (a snippet cuts an article
   * short). A page that cannot be read leaves the result as the search gave it.
   */
  readPage?: PageTextReader;
}

/**
 * `result` with its page's text as `content`, as a provider sends page text (one line, bounded the same
 * way), so extraction reads both alike. A result that has page text already is returned as it is; a page
 * that cannot be read leaves it too, unless the caller aborted.
 */
export async function withPageText(
  result: SearchResult,
  readPage: PageTextReader,
  signal: AbortSignal | undefined,
): Promise<SearchResult> {
  if (result.content) return result;
  try {
    const page = await readPage(result.url, signal ? { signal } : {});
    const content = cleanText(page.text, FIELD_LIMITS.content);
    return content ? { ...result, content } : result;
  } catch (error) {
    if (signal?.aborted) throw error;
    return result;
  }
}
