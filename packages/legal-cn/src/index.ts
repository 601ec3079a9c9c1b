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
export {
  CASE_TOOL_DESCRIPTION,
  CASE_TOOL_NAME,
  caseSearchTool,
  EMPTY_KEYWORD_ERROR,
  EMPTY_LAW_NAME_ERROR,
  LEGAL_TOOL_RULES,
  type LegalToolOptions,
  type LegalToolOutput,
  legalTools,
  normalizeCaseType,
  REGULATION_TOOL_DESCRIPTION,
  REGULATION_TOOL_NAME,
  regulationSearchTool,
} from './tools.ts';
