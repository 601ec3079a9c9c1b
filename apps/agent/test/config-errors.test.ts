import { recordingLogger, useMswServer } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { buildSearchClient, PROVIDER_DEFINITIONS } from '../src/search.ts';

// Any request would fail the test: a configuration error searches nothing.
useMswServer();

// main.ts stops the worker for this mistake before building anything (startup.ts); buildSearchClient, used
// on its own, says it in the log and returns search off.
describe('buildSearchClient with a provider id the registry does not know', () => {
  it('logs an error naming it and the known ids, and turns search off', async () => {
    const logger = recordingLogger();
    const setup = await buildSearchClient({ SEARCH_PROVIDER_PRIORITY: 'duckduckgo,google' }, logger);
    expect(setup.enabled).toBe(false);
    expect(setup.client).toBeUndefined();
    expect(setup.reason).toMatch(/^Web search is off: SEARCH_PROVIDER_PRIORITY: unknown provider "google"/);
    const errors = logger.lines.filter((l) => l.level === 'error');
    expect(errors).toEqual([
      {
        level: 'error',
        fields: { variable: 'SEARCH_PROVIDER_PRIORITY' },
        msg: expect.stringMatching(
          /^SEARCH_PROVIDER_PRIORITY: unknown provider "google" \(known: [^)]+\); web search is off$/,
        ),
      },
    ]);
    const known = /\(known: ([^)]+)\)/.exec(errors[0]?.msg ?? '')?.[1]?.split(', ');
    for (const { id } of PROVIDER_DEFINITIONS) expect(known).toContain(id);
  });
});
