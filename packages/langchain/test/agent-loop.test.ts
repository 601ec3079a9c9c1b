import { createSearchClient } from '@agent-search/core';
import { WEB_SEARCH_TOOL_DESCRIPTION } from '@agent-search/core/views';
import { createTavilyProvider } from '@agent-search/provider-tavily';
import { kit as tavilyKit } from '@agent-search/provider-tavily/testing';
import { useProviderSimulator } from '@agent-search/testing';
import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage, HumanMessage, type ToolMessage } from '@langchain/core/messages';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { describe, expect, it } from 'vitest';
import { type WebSearchArtifact, webSearchTool } from '../src/index.ts';

const TAVILY_KEY = 'tvly-dev-Q7x2Lm9Rt4Vb8Nc1Kp5Zs3Wy6';

const simulator = useProviderSimulator([tavilyKit]);

/**
 * LangChain's fake chat model, scripted to call a tool: FakeListChatModel answers with its `responses` in
 * order and records the tools bound to it; the first answer here carries a web_search call, the second is
 * the final text. Every message list it is given is kept, to see what the model received.
 */
function scriptedModel(args: Record<string, unknown>) {
  const seen: BaseMessage[][] = [];
  const model = new FakeListChatModel({ responses: ['CALL_SEARCH', 'Heat pumps are efficient [1].'] });
  const originalGenerate = FakeListChatModel.prototype._generate;
  // FakeListChatModel only speaks text; turn its scripted marker into a tool call (bindTools copies the model,
  // so the prototype is patched for the test's duration instead of the instance).
  FakeListChatModel.prototype._generate = async function (messages, options, runManager) {
    seen.push(messages);
    const result = await originalGenerate.call(this, messages, options, runManager);
    const generation = result.generations[0]!;
    if (generation.text === 'CALL_SEARCH') {
      generation.message = new AIMessage({
        content: '',
        tool_calls: [{ id: 'call-1', name: 'web_search', args, type: 'tool_call' }],
      });
    }
    return result;
  };
  return { model, seen, restore: () => (FakeListChatModel.prototype._generate = originalGenerate) };
}

/** The tool-calling loop every LangChain agent runs: call the model, run the tools it asks for, repeat. */
async function runAgent(
  model: FakeListChatModel,
  tools: ReturnType<typeof webSearchTool>[],
  question: string,
): Promise<BaseMessage[]> {
  const bound = model.bindTools(tools);
  const messages: BaseMessage[] = [new HumanMessage(question)];
  for (let step = 0; step < 5; step++) {
    const reply = (await bound.invoke(messages)) as AIMessage;
    messages.push(reply);
    if (!reply.tool_calls?.length) return messages;
    for (const call of reply.tool_calls) {
      const tool = tools.find((t) => t.name === call.name)!;
      messages.push((await tool.invoke(call)) as ToolMessage);
    }
  }
  throw new Error('the agent did not finish');
}

const client = () =>
  createSearchClient({
    providers: [createTavilyProvider({ apiKey: TAVILY_KEY, baseURL: simulator().baseURL(tavilyKit) })],
  });

describe('webSearchTool in a LangChain agent loop', () => {
  it('searches, gives the model the compact view and keeps the normalized results as the artifact', async () => {
    const { model, seen, restore } = scriptedModel({ query: 'heat pump efficiency', max_results: 3 });
    try {
      const tool = webSearchTool({ client: client() });
      expect(tool.name).toBe('web_search');
      expect(tool.description).toBe(WEB_SEARCH_TOOL_DESCRIPTION);
      const messages = await runAgent(model, [tool], 'Are heat pumps efficient?');

      const toolMessage = messages.find((m) => m.getType() === 'tool') as ToolMessage;
      const artifact = toolMessage.artifact as Extract<WebSearchArtifact, { provider: string }>;
      expect(artifact.provider).toBe('tavily');
      expect(artifact.results).toHaveLength(3);
      expect(toolMessage.tool_call_id).toBe('call-1');

      // The model's second turn got the tool message, and its content is the compact text.
      const received = seen[1]!.at(-1)!;
      expect(received.getType()).toBe('tool');
      const text = String(received.content);
      expect(text).toMatch(/^Results for "heat pump efficiency"/);
      for (const [i, r] of artifact.results.entries()) {
        expect(text).toContain(`[${i + 1}] `);
        expect(text).toContain(r.source);
        expect(text).not.toContain(r.url);
      }
      expect(String(messages.at(-1)!.content)).toBe('Heat pumps are efficient [1].');
      expect(simulator().calls('tavily')).toBe(1);
    } finally {
      restore();
    }
  });

  it('answers a failed search with the LiveKit tool’s sentence and lets the loop go on', async () => {
    simulator().configure('tavily', { faults: { rate_limited: 1 } });
    const { model, restore } = scriptedModel({ query: 'heat pump outage' });
    try {
      const messages = await runAgent(
        model,
        [webSearchTool({ client: client() })],
        'Are heat pumps efficient?',
      );
      const toolMessage = messages.find((m) => m.getType() === 'tool') as ToolMessage;
      expect(toolMessage.content).toBe('rate limited');
      expect(toolMessage.artifact).toEqual({ error: 'rate limited', code: 'rate_limited' });
      expect(messages.at(-1)!.getType()).toBe('ai');
    } finally {
      restore();
    }
  });
});

describe('webSearchTool arguments and formats in a LangChain agent loop', () => {
  it('takes num_results as max_results', async () => {
    const { model, restore } = scriptedModel({ query: 'heat pump efficiency', num_results: 2 });
    try {
      const messages = await runAgent(model, [webSearchTool({ client: client() })], 'Heat pumps?');
      const toolMessage = messages.find((m) => m.getType() === 'tool') as ToolMessage;
      expect((toolMessage.artifact as { results: unknown[] }).results).toHaveLength(2);
    } finally {
      restore();
    }
  });

  it("format 'agent-server': the envelope's JSON as content, the envelope as artifact", async () => {
    const { model, seen, restore } = scriptedModel({ query: 'heat pump efficiency', num_results: 3 });
    try {
      const tool = webSearchTool({ client: client(), format: 'agent-server' });
      // The description tells the model what this format returns: titles and urls, no numbered list.
      expect(tool.description).toMatch(/\btitle\b.*\burl\b/);
      expect(tool.description).not.toMatch(/numbered|by number/);
      const messages = await runAgent(model, [tool], 'Heat pumps?');
      const toolMessage = messages.find((m) => m.getType() === 'tool') as ToolMessage;
      const artifact = toolMessage.artifact as { type: string; results: Record<string, unknown>[] };
      expect(artifact).toMatchObject({ type: 'web_search_result', query: 'heat pump efficiency', count: 3 });
      for (const r of artifact.results) expect(Object.keys(r).sort()).toEqual(['snippet', 'title', 'url']);
      expect(JSON.parse(String(seen[1]!.at(-1)!.content))).toEqual(artifact);
    } finally {
      restore();
    }
  });

  it("format 'agent-server': a failure is the web_search_error envelope", async () => {
    simulator().configure('tavily', { faults: { rate_limited: 1 } });
    const { model, restore } = scriptedModel({ query: 'heat pump outage' });
    try {
      const tool = webSearchTool({ client: client(), format: 'agent-server' });
      // The description tells the model what this format returns: titles and urls, no numbered list.
      expect(tool.description).toMatch(/\btitle\b.*\burl\b/);
      expect(tool.description).not.toMatch(/numbered|by number/);
      const messages = await runAgent(model, [tool], 'Heat pumps?');
      const toolMessage = messages.find((m) => m.getType() === 'tool') as ToolMessage;
      const envelope = {
        type: 'web_search_error',
        query: 'heat pump outage',
        error: 'rate limited',
        error_type: 'rate_limited',
      };
      expect(JSON.parse(String(toolMessage.content))).toEqual(envelope);
      expect(toolMessage.artifact).toEqual(envelope);
    } finally {
      restore();
    }
  });
});
