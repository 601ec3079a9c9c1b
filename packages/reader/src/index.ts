export { isPublicAddress } from './address-policy.ts';
export {
  isReadPageError,
  READ_PAGE_ERROR_CODES,
  ReadPageError,
  type ReadPageErrorCode,
} from './errors.ts';
export type { HostResolver, ResolvedAddress } from './guarded-lookup.ts';
export {
  DEFAULT_USER_AGENT,
  READ_PAGE_DEFAULTS,
  type ReadPageOptions,
  type ReadPageResult,
  readPage,
} from './read-page.ts';
export { type PageContentOptions, type PageReader, withPageContent } from './with-page-content.ts';
