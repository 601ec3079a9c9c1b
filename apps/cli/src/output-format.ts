import type { SearchResponse } from '@agent-search/core';
import { formatHuman, type HumanOutputOptions } from './human-output.ts';

/** What --format accepts: "text" (the default, for a person) and "json" (the full SearchResponse). */
export const OUTPUT_FORMATS = ['text', 'json'] as const;

export function renderResponse(
  response: SearchResponse,
  format: string,
  options: HumanOutputOptions,
): string {
  if (format === 'json') return `${JSON.stringify(response, null, 2)}\n`;
  return formatHuman(response, options);
}
