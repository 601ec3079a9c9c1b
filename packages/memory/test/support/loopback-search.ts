import { once } from 'node:events';
import { createServer } from 'node:http';
import { createSearchClient, type SearchClient } from '@agent-search/core';
import { createHttpTestProvider } from '@agent-search/testing/http-provider';

export interface LoopbackPage {
  title: string;
  url: string;
  snippet: string;
}

/** A loopback search API (the network edge): answers `pages` for every query, counting the calls. */
export async function startLoopbackSearch(pages: (query: string) => LoopbackPage[], delayMs = 0) {
  const queries: string[] = [];
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const { query } = JSON.parse(body) as { query: string };
    queries.push(query);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: pages(query) }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}/search`;
  return {
    url,
    queries,
    client: (options: { timeoutMs?: number } = {}): SearchClient =>
      createSearchClient({
        providers: [createHttpTestProvider({ id: 'loopback', url })],
        timeoutMs: options.timeoutMs ?? 10_000,
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const astanaPages = (): LoopbackPage[] => [
  {
    title: 'Astana - Wikipedia',
    url: 'https://en.wikipedia.org/wiki/Astana',
    snippet: 'Astana is the capital city of Kazakhstan.',
  },
  { title: 'Kazakhstan', url: 'https://www.britannica.com/place/Kazakhstan', snippet: 'Capital: Astana.' },
];
