import {
  cleanText,
  FIELD_LIMITS,
  type SearchClient,
  type SearchOptions,
  type SearchResponse,
  type SearchResult,
  wrapSearchClient,
} from '@agent-search/core';
import { type ReadPageOptions, type ReadPageResult, readPage } from './read-page.ts';

/** A page reader: `readPage`, or `readPage` behind `withPageCache` from `@agent-search/cache`. */
export type PageReader = (url: string, options?: ReadPageOptions) => Promise<ReadPageResult>;

export interface PageContentOptions {
  /** How many of the top results without page text get their page read. Default 3. */
  maxPages?: number;
  /** Options for each read. Default: a 6 s deadline, and the search's own signal. */
  readOptions?: Omit<ReadPageOptions, 'signal'>;
}

const DEFAULT_MAX_PAGES = 3;
const CUT_NOTE = /\n\n\[Cut here: [^\]\n]*\]$/;
const DEFAULT_READ_TIMEOUT_MS = 6_000;

/**
 * `client` whose searches with `includeContent` fill in the page text the provider did not send (keyless
 * providers send snippets only): the top `maxPages` results' pages are read in parallel with `read`, and
 * their text becomes `content`, normalized as providers' page text is. A page that cannot be read leaves
 * its result as it was; searches without `includeContent` are untouched.
 */
export function withPageContent(
  client: SearchClient,
  read: PageReader = readPage,
  options: PageContentOptions = {},
): SearchClient {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  if (!Number.isInteger(maxPages) || maxPages < 0) {
    throw new RangeError(`maxPages must be a non-negative integer (got ${maxPages})`);
  }
  const readOptions: ReadPageOptions = {
    timeoutMs: DEFAULT_READ_TIMEOUT_MS,
    maxChars: FIELD_LIMITS.content,
    ...options.readOptions,
  };

  async function fill(result: SearchResult, signal: AbortSignal | undefined): Promise<SearchResult> {
    try {
      const page = await read(result.url, signal ? { ...readOptions, signal } : readOptions);
      // The note at a cut tells a model how to call read_page again; a search result's content is no call.
      const text = page.nextOffset === undefined ? page.text : page.text.replace(CUT_NOTE, '');
      const content = cleanText(text, FIELD_LIMITS.content);
      return content ? { ...result, content } : result;
    } catch (error) {
      if (signal?.aborted) throw error;
      return result;
    }
  }

  return wrapSearchClient(client, {
    async search(input, searchOptions: SearchOptions = {}): Promise<SearchResponse> {
      // Validated once, here, and handed down as it is: the layers under this one check it no more.
      const request = client.normalize(input);
      const response = await client.search(request, searchOptions);
      if (!request.includeContent || maxPages === 0) return response;
      let budget = maxPages;
      const results = await Promise.all(
        response.results.map((result) => {
          if (result.content || budget === 0) return result;
          budget--;
          return fill(result, searchOptions.signal);
        }),
      );
      return { ...response, results };
    },
  });
}
