/**
 * One driver per surface, each through its real framework: a LiveKit `voice.AgentSession` with `FakeLLM`,
 * the official MCP SDK client, the AI SDK's `generateText` with a mock model, a LangChain tool call. Each
 * offers a layer tool through that surface's one generic adapter, makes one call and reports what the
 * model was given: whether the call failed, and the sentence (a failure) or the text (an answer).
 */
import { aiSdkTool } from '@agent-search/ai-sdk';
import type { LayerTool } from '@agent-search/core/tool';
import { langChainTool } from '@agent-search/langchain';
import { liveKitTool } from '@agent-search/livekit-tool';
import { createSearchMcpServer, mcpTool } from '@agent-search/mcp';
import type { ToolMessage } from '@langchain/core/messages';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { runTurn } from './livekit-session.ts';

/** What the model was given for one call. */
export interface SurfaceAnswer {
  /** True when the surface told the model the call failed. */
  failed: boolean;
  /** The failure's sentence, or the answer as the model read it (text, or JSON). */
  said: string;
}

export interface Surface {
  name: string;
  call(tool: LayerTool, args: Record<string, unknown>): Promise<SurfaceAnswer>;
}

const liveKit: Surface = {
  name: 'LiveKit',
  async call(tool, args) {
    const tools = { [tool.name]: liveKitTool(tool, { loadingStatus: false }) };
    const { output, raw } = await runTurn<unknown>(tools, { name: tool.name, args });
    // The model reads the tool's value as JSON; a failure is the value's `error` sentence.
    const error =
      typeof output === 'object' && output !== null ? (output as { error?: unknown }).error : undefined;
    return typeof error === 'string'
      ? { failed: true, said: error }
      : { failed: raw.isError, said: raw.output };
  },
};

const mcp: Surface = {
  name: 'MCP',
  async call(tool, args) {
    const server = createSearchMcpServer({ tools: [mcpTool(tool)] });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'surfaces', version: '0.0.0' });
    await client.connect(clientSide);
    try {
      const result = await client.callTool({ name: tool.name, arguments: args });
      const content = result.content as { type: string; text?: string }[];
      return { failed: result.isError === true, said: content.map((c) => c.text ?? '').join('') };
    } finally {
      await client.close();
    }
  },
};

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

type CallOptions = MockLanguageModelV3['doGenerateCalls'][number];

const aiSdk: Surface = {
  name: 'AI SDK',
  async call(tool, args) {
    const calls: CallOptions[] = [];
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        calls.push(options);
        const content =
          calls.length === 1
            ? [
                {
                  type: 'tool-call' as const,
                  toolCallId: 'call-1',
                  toolName: tool.name,
                  input: JSON.stringify(args),
                },
              ]
            : [{ type: 'text' as const, text: 'Done.' }];
        const finishReason =
          calls.length === 1
            ? { unified: 'tool-calls' as const, raw: 'tool_calls' }
            : { unified: 'stop' as const, raw: 'stop' };
        return { content, finishReason, usage: USAGE, warnings: [] };
      },
    });
    await generateText({
      model,
      tools: { [tool.name]: aiSdkTool(tool) },
      prompt: 'Look it up',
      stopWhen: stepCountIs(3),
    });
    // What the model got back in its second call.
    const message = calls[1]?.prompt.find((m) => m.role === 'tool');
    const part = message?.content.find((p) => p.type === 'tool-result');
    if (part?.type !== 'tool-result') throw new Error('the model got no tool result');
    const output = part.output as { type: string; value: unknown };
    const said = typeof output.value === 'string' ? output.value : JSON.stringify(output.value);
    return { failed: output.type.startsWith('error'), said };
  },
};

const langChain: Surface = {
  name: 'LangChain',
  async call(tool, args) {
    const message = (await langChainTool(tool).invoke({
      id: 'call-1',
      name: tool.name,
      args,
      type: 'tool_call',
    })) as ToolMessage;
    const artifact = message.artifact as { error?: unknown } | undefined;
    return { failed: typeof artifact?.error === 'string', said: String(message.content) };
  },
};

/** Every surface that offers web_search, and so every layer tool. */
export const SURFACES: readonly Surface[] = [liveKit, mcp, aiSdk, langChain];
