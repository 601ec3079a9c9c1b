export {
  type AgentServerError,
  type AgentServerResult,
  toAgentServerEnvelope,
  toAgentServerError,
} from './agent-server.ts';
export { DEFAULT_MODEL_SNIPPET_CHARS, type ModelTextOptions, toModelText } from './model-text.ts';
export { isViewFormat, type RenderViewOptions, renderView, VIEW_FORMATS, type ViewFormat } from './render.ts';
export { type GroundingFooterOptions, type Source, toGroundingFooter, toSources } from './sources.ts';
export { type StaleNotice, type StaleNoticeOptions, staleNotice } from './staleness.ts';
export { type StructuredResults, toStructured } from './structured.ts';
export { escapeXml, toXml, type XmlViewOptions } from './xml.ts';
