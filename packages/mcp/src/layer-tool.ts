import type { LayerTool } from '@agent-search/core/tool';
import { toolArgsSchema } from '@agent-search/core/web-search-schema';
import type { z } from 'zod';
import { defineMcpTool, type McpTool, toolError } from './tool.ts';

export interface McpLayerToolOptions {
  /** The trust level 0..100 of whoever calls this server (SEARCH_MEMORY_TRUST), for tools that read it. */
  trust?: number | undefined;
}

/**
 * The one adapter from a layer tool (`@agent-search/core/tool`: `web_search`, `read_page`, the legal
 * tools) to an MCP tool. Its arguments are the tool's schema, which refuses nothing, so every call reaches
 * the tool's own lenient reading (never a JSON-RPC -32602); the model reads the tool's text, a program its
 * output (`structuredContent`); a failure is a tool error (`isError`) holding the tool's sentence. The
 * caller is the MCP client (`mcp:<clientId>`), for per-user limits.
 */
export function mcpTool(tool: LayerTool, options: McpLayerToolOptions = {}): McpTool {
  return defineMcpTool({
    name: tool.name,
    ...(tool.title ? { title: tool.title } : {}),
    description: tool.description,
    // The object schema (not a raw shape): it lets the aliases a model may send through to the tool; a
    // raw shape would strip them without a word. The SDK takes either.
    inputSchema: toolArgsSchema(tool.parameters) as unknown as z.ZodRawShape,
    annotations: { readOnlyHint: true, openWorldHint: true, destructiveHint: false },
    ...(tool.instructions ? { instructions: tool.instructions } : {}),
    async call(args, { signal, clientId }) {
      const answer = await tool.run(args, {
        userId: `mcp:${clientId}`,
        ...(options.trust === undefined ? {} : { trust: options.trust }),
        signal,
      });
      if (answer.isError) return toolError(answer.text);
      return {
        content: [{ type: 'text', text: answer.text }],
        structuredContent: { ...(answer.output as Record<string, unknown>) },
      };
    },
  });
}
