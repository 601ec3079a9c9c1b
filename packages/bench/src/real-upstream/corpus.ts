import { CORPUS, type SimulatorCorpus, type WebEntry } from '@agent-search/testing/simulator';
import { DUCKDUCKGO_ANSWERS } from '../duckduckgo-answers.ts';

/**
 * The results of a real-shaped DuckDuckGo page: 22 of them, with long Bing snippets, from the d.js answers
 * written in the shape of captured ones (`duckduckgo-answers.ts`). The simulator's HTML page with them is
 * 44 kB (the captures are 25–44 kB); its d.js is 17 kB, lighter than the captures' (it has none of their
 * instant-answer modules), which makes duck-duck-scrape's parse cheaper, never ours.
 */
export const REAL_PAGE_RESULTS = 22;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

// The answers hold escaped text with <b> around the query's words; the simulator escapes and highlights again.
function plain(text: string): string {
  return text.replace(/<\/?b>/g, '').replace(/&(?:amp|quot|#x27|lt|gt);/g, (e) => ENTITIES[e]!);
}

const WEB: WebEntry[] = DUCKDUCKGO_ANSWERS.flatMap((answer) => answer.results)
  .slice(0, REAL_PAGE_RESULTS)
  .map((result) => ({
    title: plain(result.t),
    url: result.u,
    snippet: plain(result.a),
    extract: plain(result.a),
    ...(result.e ? { publishedAt: `${result.e.slice(0, 19)}Z` } : {}),
  }));

export const REAL_SHAPED_CORPUS: SimulatorCorpus = { ...CORPUS, web: WEB };
