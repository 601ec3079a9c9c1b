import type { SearchResponse } from '@agent-search/core';
import { renderView, VIEW_FORMATS } from '@agent-search/core/views';
import { formatHuman, type HumanOutputOptions } from './human-output.ts';

/**
 * What --format accepts: "text" (the default: results for a person at a terminal) and every view core
 * renders ("json" is the full SearchResponse, the same as --json; "model", "xml", ... are what agents see).
 */
export const OUTPUT_FORMATS: readonly string[] = ['text', ...VIEW_FORMATS];

export function renderResponse(
  response: SearchResponse,
  format: string,
  options: HumanOutputOptions & { now: number },
): string {
  if (format === 'text') return formatHuman(response, options);
  const view = renderView(response, format, { now: options.now });
  return view.endsWith('\n') ? view : `${view}\n`;
}
