import { jsonBody, jsonListFraming, type KitEntry, type ProviderKit } from '@agent-search/testing/kit';
import { providerDefinition } from './definition.ts';
import { createGeminiProvider, DEFAULT_MODEL, fromEnv } from './provider.ts';

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/**
 * A generateContent answer grounded in `entries`, as Gemini writes it: the answer text, and grounding
 * metadata with one `web` chunk per entry and a support tying each snippet (a segment of the text, in UTF-8
 * byte offsets) to its chunk.
 */
export function groundedAnswer(entries: readonly KitEntry[], lead = 'Here is what I found. ') {
  let text = lead;
  const supports = entries.map((e, i) => {
    const startIndex = utf8Length(text);
    text += `${e.snippet} `;
    return {
      segment: { startIndex, endIndex: startIndex + utf8Length(e.snippet), text: e.snippet },
      groundingChunkIndices: [i],
      confidenceScores: [0.9],
    };
  });
  return {
    candidates: [
      {
        content: { parts: [{ text }], role: 'model' },
        finishReason: 'STOP',
        groundingMetadata: {
          webSearchQueries: ['hostile'],
          searchEntryPoint: {
            renderedContent: '<style>.container{}</style><div class="container">hostile</div>',
          },
          groundingChunks: entries.map((e) => ({ web: { uri: e.url, title: e.title } })),
          groundingSupports: supports,
        },
        index: 0,
      },
    ],
    usageMetadata: { promptTokenCount: 31, candidatesTokenCount: 120, totalTokenCount: 151 },
    modelVersion: DEFAULT_MODEL,
    responseId: 'hostile-response-1',
  };
}

/** Google's error envelope. */
export const googleError = (code: number, status: string, message: string, details: unknown[] = []) => ({
  error: { code, message, status, ...(details.length > 0 ? { details } : {}) },
});

/** Gemini grounding's test kit (not published): its route, answers and error envelope, for the shared suites. */
export const kit: ProviderKit = {
  definition: providerDefinition,
  create: createGeminiProvider,
  fromEnv,
  apiKey: 'AIzaSyPLANTED0secret0key0do0not0leak0',
  route: { method: 'POST', path: `/v1beta/models/${DEFAULT_MODEL}:generateContent` },
  answer: (entries) => jsonBody(groundedAnswer(entries)),
  error: (status, message) => jsonBody(googleError(status, 'INVALID_ARGUMENT', message)),
  // The grounding chunks sit in the first candidate's metadata.
  framing: jsonListFraming(
    '{"candidates":[{"content":{"parts":[{"text":"x"}]},"groundingMetadata":{"groundingChunks":[',
    '{"web":{"uri":"https://example.com/","title":"example.com"}}',
    ']}}]}',
  ),
};
