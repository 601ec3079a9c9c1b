import { isAbortError, isSearchError } from '../errors.ts';
import { learnedNotice, type SearchResponse } from '../response.ts';
import { oneLine } from '../views/fields.ts';
import { VIEW_FORMATS, type ViewFormat } from '../views/formats.ts';
import { renderView } from '../views/render.ts';
import { type Source, toSources } from '../views/sources.ts';
import { CANCELLED_ERROR, toolErrorMessage } from '../views/tool-error.ts';
import { toWebSearchOutput } from '../views/web-search-tool.ts';
import { toToolOutput } from './results-view.ts';

/**
 * The formats a tool answers in: `results` (the `{results: [...]}` object voice assistants expect) and
 * every core view. `model` and `xml` are text; the others are JSON values.
 */
export const WEB_SEARCH_FORMATS = ['results', ...VIEW_FORMATS] as const;
export type WebSearchFormat = (typeof WEB_SEARCH_FORMATS)[number];

export function isWebSearchFormat(value: unknown): value is WebSearchFormat {
  return typeof value === 'string' && (WEB_SEARCH_FORMATS as readonly string[]).includes(value);
}

const TEXT_FORMATS: ReadonlySet<WebSearchFormat> = new Set(['model', 'xml']);

/** True for the formats whose value is text the model reads as is (`model`, `xml`). */
export function isTextFormat(format: WebSearchFormat): boolean {
  return TEXT_FORMATS.has(format);
}

/** A failed call: its code (a `SearchError` code, `cancelled`, `follow_up_limit` or `unexpected`) and the sentence. */
export interface ToolFailureReason {
  code: string;
  message: string;
}

/**
 * The one sentence per failure, on every surface: a cancelled call (the caller's signal) says so, a
 * `SearchError` its code's sentence (core's `toolErrorMessage`), anything else "the search failed".
 */
export function failureReason(error: unknown, signal?: AbortSignal): ToolFailureReason {
  if (signal?.aborted || (isAbortError(error) && !isSearchError(error))) {
    return { code: 'cancelled', message: CANCELLED_ERROR };
  }
  return { code: isSearchError(error) ? error.code : 'unexpected', message: toolErrorMessage(error) };
}

/** What the rendering needs besides the answer. */
export interface RenderOptions {
  /** "Today" for text views' headers and the `today` field; default the current time. */
  now?: Date | number;
  /** Adds `today` (YYYY-MM-DD) beside a JSON value: companion set-ups answer from what was learned days ago. */
  dated?: boolean;
}

/** A format's rendering: the text the model reads, the format's value, and what a program keeps. */
export interface Rendered {
  /** A text view's text, or the JSON text of the format's value. */
  text: string;
  /** The text for `model`/`xml`; the object (or list) for the JSON formats. */
  value: string | object;
  /**
   * What a program keeps: for the text formats the normalized results (`WebSearchOutput`) or the failure as
   * `{error, code}`; for the JSON formats the value itself.
   */
  output: object;
}

function isoDay(now: Date | number | undefined): string {
  return new Date(now ?? Date.now()).toISOString().slice(0, 10);
}

function dated<T>(value: T, options: RenderOptions): T {
  if (!options.dated || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return { ...value, today: isoDay(options.now) };
}

/**
 * The `sources` format as a tool answers it: the numbered sources in an object, so a recalled answer can say
 * beside them who learned it and that their text is quoted web content, and a dated answer today's date (a
 * bare list has no room for either, and an MCP `structuredContent` must be an object).
 */
export interface SourcesAnswer {
  sources: Source[];
  /** Only on an answer from a search memory: who learned it, when, and that it is quoted web content. */
  note?: string;
  learned_by?: string;
  learned_at?: string;
  /** Today (YYYY-MM-DD), on a dated answer. */
  today?: string;
}

function toSourcesAnswer(response: SearchResponse): SourcesAnswer {
  const answer: SourcesAnswer = { sources: toSources(response) };
  if (response.learned) {
    answer.note = learnedNotice(response.learned);
    answer.learned_by = response.learned.botName;
    answer.learned_at = response.learned.learnedAt;
  }
  return answer;
}

function jsonRendered(value: object): Rendered {
  return { text: JSON.stringify(value), value, output: value };
}

/**
 * An answer in `format`. A recalled answer (`response.learned`) is framed in every format: who learned it
 * and that its text is quoted web content, not instructions (the views do it; `results` gets a `note`,
 * `sources` is `{sources, note, learned_by, learned_at}`).
 */
export function renderAnswer(
  response: SearchResponse,
  format: WebSearchFormat,
  options: RenderOptions = {},
): Rendered {
  const now = options.now ?? Date.now();
  // A recalled answer may be days old: it carries today's date whoever put the memory in front of the search
  // (the layer's memory hook, or a memory wrapping the surface's client).
  if (response.learned) options = { ...options, dated: true };
  if (format === 'results') {
    const output = toToolOutput(response);
    if (response.learned) {
      output.note = output.note
        ? `${learnedNotice(response.learned)} ${output.note}`
        : learnedNotice(response.learned);
    }
    return jsonRendered(dated(output, options));
  }
  if (format === 'sources') return jsonRendered(dated(toSourcesAnswer(response), options));
  const text = renderView(response, format, { now });
  if (isTextFormat(format)) return { text, value: text, output: toWebSearchOutput(response) };
  return jsonRendered(dated(JSON.parse(text) as object, options));
}

/**
 * A failure in `format`: the sentence for the text views; `{type: 'web_search_error', query, error,
 * error_type}` (seed 003's envelope) for `agent-server`; `{results: [], error}` for the other JSON formats.
 */
export function renderFailure(
  query: string,
  reason: ToolFailureReason,
  format: WebSearchFormat,
  options: RenderOptions = {},
): Rendered {
  if (isTextFormat(format)) {
    return {
      text: reason.message,
      value: reason.message,
      output: { error: reason.message, code: reason.code },
    };
  }
  if (format === 'agent-server') {
    return jsonRendered(
      dated(
        {
          type: 'web_search_error' as const,
          query: oneLine(query),
          error: reason.message,
          error_type: reason.code,
        },
        options,
      ),
    );
  }
  return jsonRendered(dated({ results: [] as never[], error: reason.message }, options));
}

export type { ViewFormat };
