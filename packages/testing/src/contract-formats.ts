// How the `web_search` contract reads an answer in each format the tool layer renders: one parser per
// format, turning what the model received into an outcome the suite compares. Surfaces are compared by
// outcome (how many results, which failure, what framing), never by string equality across surfaces: a
// surface may wrap the same answer its own way (MCP content blocks, an AI SDK JSON part, a ToolMessage).

import type { WebSearchFormat } from '@agent-search/core/tool';

/** What one call came to, as the model can tell from its answer. */
export type ContractOutcome =
  | {
      kind: 'answered';
      /** Results the model reads. */
      count: number;
      /** The answer says its text is quoted web content, not instructions (a recalled answer). */
      framed: boolean;
      /** The bot named as having learned the answer, when it says one did. */
      learnedBy?: string;
      /** The date the answer gives as today (YYYY-MM-DD), when it gives one. */
      today?: string;
    }
  | {
      kind: 'failed';
      /** The one sentence the model reads. */
      sentence: string;
      /** The error code, in a format that carries one (`agent-server`'s `error_type`). */
      code?: string;
    };

const FRAMING = 'quoted web content';
const LEARNED_BY = /\b(\S+) learned this on \d{4}-\d\d-\d\d\b/;

function learnedFrom(note: unknown): string | undefined {
  return typeof note === 'string' ? LEARNED_BY.exec(note)?.[1] : undefined;
}

function framedBy(note: unknown): boolean {
  return typeof note === 'string' && note.includes(FRAMING);
}

/** `model`: a `Results for "<query>" (<date>[, cached]):` header, then `[n]` lines; a failure is its sentence. */
function parseModel(text: string): ContractOutcome {
  const [header = '', second = ''] = text.split('\n');
  const head = /^Results for ".*" \((\d{4}-\d\d-\d\d)(?:, [^)]*)?\):$/.exec(header);
  if (!head) return { kind: 'failed', sentence: text };
  const learnedBy = learnedFrom(second);
  return {
    kind: 'answered',
    count: text.split('\n').filter((line) => /^\[\d+\] /.test(line)).length,
    framed: framedBy(second),
    today: head[1]!,
    ...(learnedBy ? { learnedBy } : {}),
  };
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/** `xml`: a `<search_results>` element of `<result>`s, with a `<note>`; a failure is its sentence. */
function parseXml(text: string): ContractOutcome {
  const open = /^<search_results\b[^>]*>/.exec(text);
  if (!open) return { kind: 'failed', sentence: text };
  const note = /<note>([^<]*)<\/note>/.exec(text)?.[1];
  const learnedBy = attribute(open[0], 'learned_by');
  const today = attribute(open[0], 'date');
  return {
    kind: 'answered',
    count: text.match(/<result\s/g)?.length ?? 0,
    framed: framedBy(note),
    ...(learnedBy ? { learnedBy } : {}),
    ...(today ? { today } : {}),
  };
}

type Json = Record<string, unknown>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`not JSON: ${text.slice(0, 200)}`);
  }
}

function answered(results: unknown, value: Json, learnedBy: unknown): ContractOutcome {
  if (!Array.isArray(results)) throw new Error(`no results list: ${JSON.stringify(value).slice(0, 200)}`);
  const by = typeof learnedBy === 'string' ? learnedBy : learnedFrom(value.note);
  return {
    kind: 'answered',
    count: results.length,
    framed: framedBy(value.note),
    ...(by ? { learnedBy: by } : {}),
    ...(typeof value.today === 'string' ? { today: value.today } : {}),
  };
}

/** `{results: [], error}`: the failure form of every JSON format but `agent-server`. */
function failedJson(value: Json): ContractOutcome | undefined {
  return typeof value.error === 'string' ? { kind: 'failed', sentence: value.error } : undefined;
}

/** `agent-server`: seed 002's `web_search_result` envelope, or seed 003's `web_search_error`. */
function parseAgentServer(text: string): ContractOutcome {
  const value = parseJson(text) as Json;
  if (value.type === 'web_search_error') {
    return { kind: 'failed', sentence: String(value.error), code: String(value.error_type) };
  }
  if (value.type !== 'web_search_result') throw new Error(`not an envelope: ${text.slice(0, 200)}`);
  if (value.count !== (value.results as unknown[]).length) throw new Error('count disagrees with results');
  return answered(value.results, value, value.learned_by);
}

/** `results` (`{results: [{title, href, body}]}`), `structured` and `json` (the full response). */
function parseResultsObject(text: string, learnedField: (value: Json) => unknown): ContractOutcome {
  const value = parseJson(text) as Json;
  return failedJson(value) ?? answered(value.results, value, learnedField(value));
}

/** `sources`: `{sources: [{id, title, url, site}], note?, learned_by?, today?}`; its failure `{results: [], error}`. */
function parseSources(text: string): ContractOutcome {
  const value = parseJson(text) as Json;
  return failedJson(value) ?? answered(value.sources, value, value.learned_by);
}

const PARSERS: Record<WebSearchFormat, (text: string) => ContractOutcome> = {
  model: parseModel,
  xml: parseXml,
  'agent-server': parseAgentServer,
  results: (text) => parseResultsObject(text, () => undefined),
  structured: (text) => parseResultsObject(text, (value) => value.learnedBy),
  json: (text) => parseResultsObject(text, (value) => (value.learned as Json | undefined)?.botName),
  sources: parseSources,
};

/** The outcome of an answer the model received in `format`. Throws when the text is not that format's. */
export function parseContractAnswer(format: WebSearchFormat, text: string): ContractOutcome {
  return PARSERS[format](text);
}
