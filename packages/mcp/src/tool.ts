import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/server';
import type { z } from 'zod';

/** What a tool call knows about its caller. */
export interface ToolCallContext {
  /** Aborted when the client cancels the call, its session closes or the server shuts down. */
  signal: AbortSignal;
  /** The MCP session (Streamable HTTP); undefined over stdio. */
  sessionId: string | undefined;
  /**
   * Who calls, for per-client limits: the HTTP client's address, "stdio" over stdio. Every session of a
   * client shares it, so opening more sessions buys no more searches.
   */
  clientId: string;
}

/**
 * One tool the server offers. `web_search` is one; more (a page reader) are added by passing them in the
 * server's `tools` option. Arguments arrive checked against `inputSchema`: a mismatch never reaches `call`
 * but becomes a tool error naming the argument.
 */
export interface McpTool<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title?: string;
  description: string;
  inputSchema: Shape;
  outputSchema?: z.ZodRawShape;
  annotations: ToolAnnotations;
  /** The server's instructions about this tool (when to use it, how to cite what it returns), if any. */
  instructions?: string;
  call(args: z.infer<z.ZodObject<Shape>>, context: ToolCallContext): Promise<CallToolResult>;
}

/** Types a tool's `call` arguments from its schema; the result fits any server's `tools` list. */
export function defineMcpTool<Shape extends z.ZodRawShape>(tool: McpTool<Shape>): McpTool {
  return tool as unknown as McpTool;
}

/** A failure the model reads: one sentence, flagged so clients know the call did not succeed. */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
