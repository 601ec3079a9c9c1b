import type { SearchResponse } from '@agent-search/core';
import { VIEW_FORMATS } from '@agent-search/core/view-formats';
import { formatHuman, type HumanOutputOptions } from './human-output.ts';

/**
 * What --format accepts: "text" (the default: results for a person at a terminal) and every view core
 * renders ("json" is the full SearchResponse, the same as --json; "model", "xml", ... are what agents see).
 */
export const OUTPUT_FORMATS: readonly string[] = ['text', ...VIEW_FORMATS];

export async function renderResponse(
  response: SearchResponse,
  format: string,
  options: HumanOutputOptions & { now: number },
): Promise<string> {
  if (format === 'text') return formatHuman(response, options);
  // The views are loaded only for a format that is one: the default text output needs none of them.
  const { renderView } = await import('@agent-search/core/views');
  const view = renderView(response, format, { now: options.now });
  return view.endsWith('\n') ? view : `${view}\n`;
}
