export {
  CASE_TYPES,
  type CaseResult,
  type CaseSearchInput,
  type CaseSearchOptions,
  type CaseType,
  caseSearch,
  caseSearchInputSchema,
  extractCase,
} from './case.ts';
export { parseNumeral, toChineseNumeral } from './numerals.ts';
export type { LegalSearchOptions, PageTextReader } from './page-text.ts';
export {
  assertLegalProfile,
  LEGAL_PROFILES,
  type LegalProfileName,
  withLegalProfiles,
} from './profiles.ts';
export {
  type ArticleReference,
  extractRegulation,
  LAW_OPENING_CHARS,
  parseArticleNumber,
  type RegulationResult,
  type RegulationSearchInput,
  type RegulationSearchOptions,
  regulationSearch,
  regulationSearchInputSchema,
} from './regulation.ts';
