import { SearchError } from '../errors.ts';
import type { SearchResponse } from '../response.ts';
import { toAgentServerEnvelope } from './agent-server.ts';
import { toModelText } from './model-text.ts';
import { toSources } from './sources.ts';
import { toStructured } from './structured.ts';
import { toXml } from './xml.ts';

/** Every view by name, for `--format` flags and tool options. "json" is the full `SearchResponse`. */
export const VIEW_FORMATS = ['model', 'xml', 'agent-server', 'structured', 'sources', 'json'] as const;
export type ViewFormat = (typeof VIEW_FORMATS)[number];

export interface RenderViewOptions {
  /** "Today" for the model and XML views' headers; default the current time. */
  now?: Date | number | string;
}

export function isViewFormat(value: unknown): value is ViewFormat {
  return typeof value === 'string' && (VIEW_FORMATS as readonly string[]).includes(value);
}

/** The response rendered as `format`; JSON views are compact JSON text. */
export function renderView(
  response: SearchResponse,
  format: string,
  options: RenderViewOptions = {},
): string {
  if (!isViewFormat(format)) {
    throw new SearchError(
      'invalid_request',
      `Unknown format "${String(format).slice(0, 40)}"; use one of: ${VIEW_FORMATS.join(', ')}`,
    );
  }
  switch (format) {
    case 'model':
      return toModelText(response, options);
    case 'xml':
      return toXml(response, options);
    case 'agent-server':
      return JSON.stringify(toAgentServerEnvelope(response));
    case 'structured':
      return JSON.stringify(toStructured(response));
    case 'sources':
      return JSON.stringify(toSources(response));
    case 'json':
      return JSON.stringify(response);
  }
}
