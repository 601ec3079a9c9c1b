import { z } from 'zod';
import { WEB_SEARCH_PARAMETERS, type WebSearchParameter } from '../tool/parameters.ts';

/**
 * The `web_search` arguments as one zod schema, for the adapters whose framework takes zod (MCP, the AI
 * SDK, LangChain), derived from the layer's one description (`WEB_SEARCH_PARAMETERS`). It refuses nothing:
 * each field shows the model its type, and a value of another kind reaches the layer's coercion
 * (`readWebSearchArguments`) as what it most likely meant, so every surface reads a call the same way and
 * answers a bad one in the tool's own failure form, never a framework's validation error. Its own entry
 * (`@agent-search/core/web-search-schema`, zod an optional peer) so core without an adapter never loads zod.
 */

// `.catch()` rather than a transform: the schema stays representable as JSON Schema in either direction
// (LangChain renders the output side), and a value of another kind becomes "not given".
const scalar = () => z.union([z.string(), z.number(), z.boolean()]).nullish().catch(undefined);

function field(parameter: WebSearchParameter) {
  const { description } = parameter;
  switch (parameter.kind) {
    case 'text':
      // A missing or odd query becomes "", which the layer answers with its empty-query sentence.
      return z.string().catch('').describe(description);
    case 'count':
    case 'word':
      return scalar().describe(description);
    case 'sites':
      // A non-string entry becomes "", which the layer drops.
      return z
        .union([z.array(z.string().catch('')), z.string()])
        .nullish()
        .catch(undefined)
        .describe(description);
  }
}

function shapeOf(): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const parameter of WEB_SEARCH_PARAMETERS) shape[parameter.name] = field(parameter);
  return shape;
}

/** The fields, for tools that take a raw shape (the MCP SDK's `registerTool`). */
export const webSearchArgsShape = shapeOf() as {
  query: z.ZodType<string, unknown>;
} & Record<string, z.ZodType<unknown, unknown>>;

/** Also lets through the aliases a model may use (`timelimit`, `maxResults`): the layer reads them. */
export const webSearchArgsSchema = z.looseObject(webSearchArgsShape);

/** The arguments as the schema lets them through; `runWebSearchTool` reads them. */
export type WebSearchInput = z.infer<typeof webSearchArgsSchema>;
