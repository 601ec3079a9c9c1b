import { jsonBody, jsonListFraming, type KitEntry, type ProviderKit } from '@agent-search/testing/kit';
import { providerDefinition } from './definition.ts';
import { createAnthropicProvider, fromEnv } from './provider.ts';

/**
 * A Messages API answer finding and citing `entries`, as Anthropic writes it: a `server_tool_use` block, a
 * `web_search_tool_result` listing them, then text blocks citing each with a `web_search_result_location`.
 */
export function messagesAnswer(entries: readonly KitEntry[]) {
  return {
    id: 'msg_01XyHostile0000000000000',
    type: 'message',
    role: 'assistant',
    model: 'claude-haiku-4-5-20251001',
    content: [
      { type: 'text', text: "I'll search for that." },
      {
        type: 'server_tool_use',
        id: 'srvtoolu_01Hostile000000000000',
        name: 'web_search',
        input: { query: 'hostile' },
      },
      {
        type: 'web_search_tool_result',
        tool_use_id: 'srvtoolu_01Hostile000000000000',
        content: entries.map((e) => ({
          type: 'web_search_result',
          url: e.url,
          title: e.title,
          encrypted_content: 'EqgfCioIARgBIiQ3YTAwMjY1Mi1mZjM5LTQ1NGUtODgxNC1kNjNjNTk1ZWI3Y2MSDPLANTED',
          page_age: 'March 1, 2025',
        })),
      },
      { type: 'text', text: 'Here is what I found. ' },
      ...entries.map((e) => ({
        type: 'text',
        text: `${e.snippet} `,
        citations: [
          {
            type: 'web_search_result_location',
            url: e.url,
            title: e.title,
            encrypted_index: 'Eo8BCioIAhgBIiQyYjQ0OWJmZi1lNm',
            cited_text: e.snippet,
          },
        ],
      })),
    ],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 6_039, output_tokens: 231, server_tool_use: { web_search_requests: 1 } },
  };
}

/** Anthropic's error envelope. */
export const anthropicError = (type: string, message: string) => ({
  type: 'error',
  error: { type, message },
  request_id: 'req_011CSHoEeqs5C35K2UUqR7Fy',
});

/** Anthropic web search's test kit (not published): its route, answers and error envelope, for the shared suites. */
export const kit: ProviderKit = {
  definition: providerDefinition,
  create: createAnthropicProvider,
  fromEnv,
  apiKey: 'sk-ant-api03-PLANTED0secret0key0do0not0leak0',
  route: { method: 'POST', path: '/v1/messages' },
  answer: (entries) => jsonBody(messagesAnswer(entries)),
  error: (_status, message) => jsonBody(anthropicError('invalid_request_error', message)),
  // The search results sit in the tool result block.
  framing: jsonListFraming(
    '{"type":"message","content":[{"type":"web_search_tool_result","tool_use_id":"srvtoolu_1","content":[',
    '{"type":"web_search_result","url":"https://example.com/","title":"Title","page_age":"March 1, 2025"}',
    ']}]}',
  ),
};
