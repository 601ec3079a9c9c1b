import type { SearchPolicy } from './policy.ts';
import type { ProvenanceEntry } from './provenance.ts';

/**
 * A tool of the layer as a value: its name, what the model reads about it, its arguments described once,
 * and `run`, which reads the model's raw arguments leniently and answers in the tool's own form, failures
 * included. No framework here: each surface has one generic adapter from a `LayerTool` to its framework
 * (LiveKit `llm.tool`, MCP `registerTool`, AI SDK `tool()`, LangChain `tool()`), so a new tool is a
 * definition, not four adapters.
 */

/**
 * One argument. Every field is typed loosely for the model (a count may be a string, a word any case): the
 * schema tells the model what to send; the tool's `run` decides what a value means.
 */
export interface ToolParameter {
  name: string;
  /** `text`: free text; `count`: a number (or a numeric string); `word`: one of a few words; `sites`: domains. */
  kind: 'text' | 'count' | 'word' | 'sites';
  description: string;
  /** The words a `word` parameter knows (listed for the model; any other value degrades). */
  words?: readonly string[];
  /** The model must send it (a missing one reaches `run` as "", which answers in the tool's failure form). */
  required?: boolean;
}

/**
 * Who is asking, as a surface knows them (each may differ per call). A tool reads what applies to it:
 * `web_search` all of it, `read_page` the user.
 */
export interface ToolCaller {
  /** Who is asking: per-user rate limits, and whose findings a memory keeps. */
  userId?: string | undefined;
  /** The caller's trust level 0..100, when the surface knows it: the trust tier's policy when no `policy`. */
  trust?: number | undefined;
  /** The caller's policy (result cap, persistence, searches per turn, multi-source); wins over `trust`. */
  policy?: SearchPolicy | undefined;
  /** An upper bound on results (1..10) beside the policy's; the smaller wins. */
  maxResults?: number | undefined;
  /** Where this call's sources go (one collector per session). */
  provenance?: { record(entry: ProvenanceEntry): void } | undefined;
}

/** What a surface knows of one call, mapped from its own notion of the caller. */
export interface ToolCall extends ToolCaller {
  /**
   * The user turn this call belongs to, as any object standing for it (LiveKit's speech handle): a tool
   * with a per-turn budget counts the turn's calls together.
   */
  turn?: object | undefined;
  /** The caller's cancellation (an interrupted turn, a closed session). */
  signal?: AbortSignal | undefined;
  /** Called once the call is valid, just before the slow part (a loading status). */
  beforeWork?: (() => void | Promise<void>) | undefined;
}

/** A tool call's answer, whatever the tool. */
export interface ToolAnswer {
  /** What the model reads: a text view, the JSON of the value, or a failure's sentence. */
  text: string;
  /** What a surface that hands the model a value (LiveKit) gives it: text, or a JSON object. */
  value: string | object;
  /** What a program keeps (MCP's `structuredContent`, the AI SDK's output, LangChain's artifact). */
  output: object;
  /** True when the call failed: each surface flags it its own way (MCP `isError`, an AI SDK tool error). */
  isError: boolean;
}

export interface LayerTool {
  /** The name the model calls it by (snake_case). */
  name: string;
  /** A short human title (MCP's `title`). */
  title?: string;
  description: string;
  parameters: readonly ToolParameter[];
  /** How to use what it returns, for an agent's instructions (MCP's server instructions). */
  instructions?: string;
  /** The line a voice agent shows while it works (LiveKit's loading status). */
  workingMessage?: string;
  /**
   * What the model reads of an answer's `output` when only the output is at hand (a chat history a
   * framework turns back into model messages). Default: the output's JSON.
   */
  textOf?: (output: object) => string;
  /** Never throws: a bad call, a refused page or a failed search is an answer with `isError`. */
  run(rawArguments: unknown, call: ToolCall): Promise<ToolAnswer>;
}

const NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** Checks a definition once, when it is made: a set-up mistake is told at start-up, not to the model. */
export function defineTool(tool: LayerTool): LayerTool {
  if (!NAME.test(tool.name)) throw new TypeError(`a tool's name is snake_case, got "${tool.name}"`);
  const names = new Set<string>();
  for (const parameter of tool.parameters) {
    if (names.has(parameter.name)) {
      throw new TypeError(`${tool.name} has two parameters named "${parameter.name}"`);
    }
    names.add(parameter.name);
  }
  return Object.freeze({ ...tool, parameters: Object.freeze([...tool.parameters]) });
}

type JsonSchemaProperty = Record<string, unknown>;

function jsonSchemaProperty(parameter: ToolParameter): JsonSchemaProperty {
  const { description } = parameter;
  switch (parameter.kind) {
    case 'text':
      return { type: parameter.required ? 'string' : ['string', 'null'], description };
    case 'count':
      return { type: ['integer', 'string', 'null'], description };
    case 'word':
      return { type: ['string', 'null'], description };
    case 'sites':
      return { type: ['array', 'string', 'null'], items: { type: 'string' }, description };
  }
}

/**
 * The arguments as a JSON Schema object, for frameworks that take one. Only the required fields are
 * required; nothing is refused by type, so a model's odd value reaches the tool's reading.
 */
export function toolJsonSchema(parameters: readonly ToolParameter[]): {
  type: 'object';
  properties: Record<string, JsonSchemaProperty>;
  required: string[];
} {
  const properties: Record<string, JsonSchemaProperty> = {};
  for (const parameter of parameters) properties[parameter.name] = jsonSchemaProperty(parameter);
  const required = parameters.filter((p) => p.required).map((p) => p.name);
  return { type: 'object', properties, required };
}

/** Reads `raw` as an arguments object: anything else is one with no arguments. */
export function argumentsObject(raw: unknown): Record<string, unknown> {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw)
    ? (raw as Record<string, unknown>)
    : {};
}
