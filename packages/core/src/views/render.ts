import { SearchError } from '../errors.ts';
import { learnedNotice, type SearchResponse } from '../response.ts';
import { toAgentServerEnvelope } from './agent-server.ts';
import { isViewFormat, VIEW_FORMATS, type ViewFormat } from './formats.ts';
import { toModelText } from './model-text.ts';
import { toSources } from './sources.ts';
import { toStructured } from './structured.ts';
import { toXml } from './xml.ts';

export { isViewFormat, VIEW_FORMATS, type ViewFormat };

export interface RenderViewOptions {
  /** "Today" for the model and XML views' headers; default the current time. */
  now?: Date | number | string;
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
      // An answer from a search memory carries, beside `learned`, the note framing it as quoted web content.
      return JSON.stringify(
        response.learned ? { ...response, note: learnedNotice(response.learned) } : response,
      );
  }
}
