/**
 * Every view by name, for `--format` flags and tool options. "json" is the full `SearchResponse`.
 * A module of its own (`@agent-search/core/view-formats`): a command that checks its flags loads the
 * names, not the twelve modules that render the views.
 */
export const VIEW_FORMATS = ['model', 'xml', 'agent-server', 'structured', 'sources', 'json'] as const;
export type ViewFormat = (typeof VIEW_FORMATS)[number];

export function isViewFormat(value: unknown): value is ViewFormat {
  return typeof value === 'string' && (VIEW_FORMATS as readonly string[]).includes(value);
}
