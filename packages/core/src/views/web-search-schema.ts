import { z } from 'zod';
import { WEB_SEARCH_PARAMETERS } from '../tool/parameters.ts';
import { toolArgsShape } from './tool-args-schema.ts';

// Any layer tool's schema (read_page, the legal tools), for the generic adapters.
export { toolArgsSchema, toolArgsShape } from './tool-args-schema.ts';

/**
 * The `web_search` arguments as one zod schema, for the adapters whose framework takes zod (MCP, the AI
 * SDK, LangChain), derived from the layer's one description (`WEB_SEARCH_PARAMETERS`). It refuses nothing:
 * each field shows the model its type, and a value of another kind reaches the layer's coercion
 * (`readWebSearchArguments`) as what it most likely meant, so every surface reads a call the same way and
 * answers a bad one in the tool's own failure form, never a framework's validation error. Its own entry
 * (`@agent-search/core/web-search-schema`, zod an optional peer) so core without an adapter never loads zod.
 */

/** The fields, for tools that take a raw shape (the MCP SDK's `registerTool`). */
export const webSearchArgsShape = toolArgsShape(WEB_SEARCH_PARAMETERS) as {
  query: z.ZodType<string, unknown>;
} & Record<string, z.ZodType<unknown, unknown>>;

/** Also lets through the aliases a model may use (`timelimit`, `maxResults`): the layer reads them. */
export const webSearchArgsSchema = z.looseObject(webSearchArgsShape);

/** The arguments as the schema lets them through; `runWebSearchTool` reads them. */
export type WebSearchInput = z.infer<typeof webSearchArgsSchema>;
