import { z } from 'zod';
import type { ToolParameter } from '../tool/define.ts';

/**
 * A layer tool's arguments as one zod schema, for the adapters whose framework takes zod (MCP, the AI SDK,
 * LangChain, LiveKit), derived from the tool's one description (`ToolParameter[]`). It refuses nothing:
 * each field shows the model its type, and a value of another kind reaches the tool's own reading as what
 * it most likely meant, so every surface reads a call the same way and answers a bad one in the tool's
 * failure form, never a framework's validation error.
 */

// `.catch()` rather than a transform: the schema stays representable as JSON Schema in either direction
// (LangChain renders the output side), and a value of another kind becomes "not given".
const scalar = () => z.union([z.string(), z.number(), z.boolean()]).nullish().catch(undefined);

function field(parameter: ToolParameter): z.ZodType {
  const { description } = parameter;
  switch (parameter.kind) {
    case 'text':
      // A missing or odd required text becomes "", which the tool answers with its own sentence.
      return parameter.required ? z.string().catch('').describe(description) : scalar().describe(description);
    case 'count':
    case 'word':
      return scalar().describe(description);
    case 'sites':
      // A non-string entry becomes "", which the tool drops.
      return z
        .union([z.array(z.string().catch('')), z.string()])
        .nullish()
        .catch(undefined)
        .describe(description);
  }
}

/** The fields, for tools that take a raw shape (the MCP SDK's `registerTool`). */
export function toolArgsShape(parameters: readonly ToolParameter[]): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const parameter of parameters) shape[parameter.name] = field(parameter);
  return shape;
}

/** The object schema; it also lets through the aliases a model may use, which the tool reads. */
export function toolArgsSchema(parameters: readonly ToolParameter[]) {
  return z.looseObject(toolArgsShape(parameters));
}
