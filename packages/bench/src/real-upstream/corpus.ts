import { CORPUS, type SimulatorCorpus, type WebEntry } from '@agent-search/testing/simulator';
import { DUCKDUCKGO_ANSWERS } from '../duckduckgo-answers.ts';

/**
 * The results a real DuckDuckGo page holds: 30 of them (html.duckduckgo.com and d.js both send about
 * that many), with long Bing snippets, from the d.js answers written in the shape of captured ones
 * (`duckduckgo-answers.ts`). The simulator renders them into its HTML page and d.js, which come out at
 * 35–45 kB, the size of the captures (`/work/shared/fixtures/ddg`, 25–44 kB).
 */
export const REAL_PAGE_RESULTS = 30;

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
