import { jsonBody, jsonListFraming, type KitEntry, type ProviderKit } from '@agent-search/testing/kit';
import { providerDefinition } from './definition.ts';
import { createOpenAIProvider, fromEnv } from './provider.ts';

const length = (text: string) => Array.from(text).length;

/**
 * A Responses API answer citing `entries`, as OpenAI writes it: a `web_search_call`, then a `message` whose
 * `output_text` states each snippet followed by an inline link, the link marked by a `url_citation`.
 */
export function responsesAnswer(entries: readonly KitEntry[], text = 'Here is what I found.') {
  let body = `${text}\n`;
  const annotations = entries.map((e) => {
    const link = ` ([example.com](${e.url}))`;
    const start = length(body) + length(e.snippet);
    body += `${e.snippet}${link}\n`;
    return {
      type: 'url_citation',
      start_index: start,
      end_index: start + length(link),
      url: e.url,
      title: e.title,
    };
  });
  return {
    id: 'resp_68a1f0c2d3e4',
    object: 'response',
    created_at: 1_764_000_000,
    status: 'completed',
    model: 'gpt-4.1-mini-2025-04-14',
    output: [
      {
        type: 'web_search_call',
        id: 'ws_68a1f0c2d3e5',
        status: 'completed',
        action: { type: 'search', query: 'hostile' },
      },
      {
        type: 'message',
        id: 'msg_68a1f0c2d3e6',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: body, annotations, logprobs: [] }],
      },
    ],
    usage: { input_tokens: 8_312, output_tokens: 212, total_tokens: 8_524 },
  };
}

/** OpenAI's error envelope. */
export const openaiError = (message: string, code: string | null = null) => ({
  error: { message, type: 'invalid_request_error', param: null, code },
});

/** OpenAI web search's test kit (not published): its route, answers and error envelope, for the shared suites. */
export const kit: ProviderKit = {
  definition: providerDefinition,
  create: createOpenAIProvider,
  fromEnv,
  apiKey: 'sk-proj-PLANTED0secret0key0do0not0leak0',
  route: { method: 'POST', path: '/responses' },
  answer: (entries) => jsonBody(responsesAnswer(entries)),
  error: (_status, message) => jsonBody(openaiError(message)),
  // The citations sit in the message's one output_text part.
  framing: jsonListFraming(
    '{"output":[{"type":"message","role":"assistant","content":[{"type":"output_text","text":"A claim. ([example.com](https://example.com/))","annotations":[',
    '{"type":"url_citation","start_index":8,"end_index":46,"url":"https://example.com/","title":"Title"}',
    ']}]}]}',
  ),
};
