import { CANCELLED_ERROR } from '@agent-search/core/views';
import { type CallToolResult, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { InFlightCalls } from './in-flight.ts';
import { type McpTool, toolError } from './tool.ts';

export interface SearchMcpServerOptions {
  /** The tools to offer, e.g. `[webSearchTool({ client })]`. */
  tools: readonly McpTool[];
  /** Shared by every session's server, so a shutdown sees all calls. Default: a new one. */
  inFlight?: InFlightCalls;
  /** The client this server answers (its address over HTTP), for per-client limits. Default "stdio". */
  clientId?: string;
  name?: string;
  version?: string;
  /**
   * Sentences for the instructions besides the tools' own: what is not offered and why (no usable search
   * provider), so the model can say so rather than guess.
   */
  notes?: readonly string[];
}

/**
 * A tool's schema as the object schema the SDK takes: a raw shape is wrapped (unknown keys stripped, as the
 * v1 SDK did), an object schema (the layer tools', which keeps the aliases a model sends) is used as is.
 */
function objectSchema(schema: z.ZodRawShape): z.ZodObject {
  return schema instanceof z.ZodType ? (schema as unknown as z.ZodObject) : z.object(schema);
}

function cancelled(signal: AbortSignal): Promise<CallToolResult> {
  return new Promise((resolve) => {
    const answer = () => resolve(toolError(CANCELLED_ERROR));
    if (signal.aborted) answer();
    else signal.addEventListener('abort', answer, { once: true });
  });
}

/**
 * An MCP server offering `tools`, on the v2 SDK: it answers clients of the 2026-07-28 protocol (stateless,
 * one server per request) and of the 2025 protocols (`initialize`, then one server per session). One server
 * serves one connection, session or stateless request: make one per `McpServerFactory` call.
 */
export function createSearchMcpServer(options: SearchMcpServerOptions): McpServer {
  const inFlight = options.inFlight ?? new InFlightCalls();
  const clientId = options.clientId ?? 'stdio';
  // Each tool says how to use what it returns, so the instructions match the text the model receives.
  // Once each: tools of one set (the legal ones) share their rules.
  const instructions = [
    ...new Set([
      ...options.tools.flatMap((tool) => (tool.instructions ? [tool.instructions] : [])),
      ...(options.notes ?? []),
    ]),
  ];
  const server = new McpServer(
    { name: options.name ?? 'agent-search', version: options.version ?? '0.0.0' },
    instructions.length > 0 ? { instructions: instructions.join(' ') } : {},
  );
  const names = new Set<string>();
  for (const tool of options.tools) {
    if (names.has(tool.name)) throw new TypeError(`two tools are named "${tool.name}"`);
    names.add(tool.name);
    server.registerTool(
      tool.name,
      {
        ...(tool.title ? { title: tool.title } : {}),
        description: tool.description,
        inputSchema: objectSchema(tool.inputSchema),
        ...(tool.outputSchema ? { outputSchema: objectSchema(tool.outputSchema) } : {}),
        annotations: tool.annotations,
      },
      async (args, context) => {
        if (inFlight.closing) return toolError(`${CANCELLED_ERROR}: the server is shutting down`);
        return inFlight.run(context.mcpReq.signal, (signal) =>
          Promise.race([
            tool.call(args as Record<string, unknown>, { signal, sessionId: context.sessionId, clientId }),
            // A tool slow to notice its abort still answers at once: the shutdown deadline holds.
            cancelled(signal),
          ]),
        );
      },
    );
  }
  return server;
}
