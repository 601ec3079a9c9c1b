import { get } from 'node:https';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ProviderKit } from '../kit.ts';
import { type ProviderSimulator, startProviderSimulator } from './server.ts';

/**
 * A provider simulator serving `kits` for the tests of one file: started before them, reset after each,
 * closed at the end. Returns the running simulator.
 */
export function useProviderSimulator(kits: readonly ProviderKit[]): () => ProviderSimulator {
  let sim: ProviderSimulator | undefined;
  beforeAll(async () => {
    sim = await startProviderSimulator({ kits });
  });
  afterEach(() => sim?.reset());
  afterAll(() => sim?.close());
  return () => {
    if (!sim) throw new Error('the provider simulator is not running (used outside a test?)');
    return sim;
  };
}

/** A JSON POST, as an API client sends it. */
export const postJson = (url: string, body: unknown, signal?: AbortSignal) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });

/** A GET through the simulator's agent, as a peer library using `needle` sends it: https, real host name. */
export function getThroughAgent(
  sim: ProviderSimulator,
  url: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: sim.agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}
