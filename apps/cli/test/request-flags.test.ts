import { readWebSearchArguments } from '@agent-search/core/tool';
import { describe, expect, it } from 'vitest';
import { parseCommand, type SearchCommand, UsageError } from '../src/args.ts';
import { OUTPUT_FORMATS } from '../src/output-format.ts';

const requestOf = (argv: string[]) => (parseCommand(argv, OUTPUT_FORMATS) as SearchCommand).request;

// The request flags are a web_search call's arguments (issue 33): one reading for the CLI's flags, its
// `--args` and every other surface, so a flag the model would have sent degrades the same way.
describe('the request flags, read as a web_search call', () => {
  it.each([
    [['q', '--max', '0'], { query: 'q', mode: 'text' }],
    [['q', '--max', '50'], { query: 'q', mode: 'text', maxResults: 10 }],
    [['q', '--max', 'five'], { query: 'q', mode: 'text' }],
    [['q', '--max', '2.5'], { query: 'q', mode: 'text', maxResults: 2 }],
    [['q', '-n', ' 3 '], { query: 'q', mode: 'text', maxResults: 3 }],
    [['q', '--num-results', '11'], { query: 'q', mode: 'text', maxResults: 10 }],
    [['q', '--num-results', '4', '--max', '2'], { query: 'q', mode: 'text', maxResults: 2 }],
    [['q', '--mode', 'VIDEOS'], { query: 'q', mode: 'videos' }],
    [['q', '--mode', 'images'], { query: 'q', mode: 'text' }],
    [['q', '--time', 'WEEK'], { query: 'q', mode: 'text', timeRange: 'w' }],
    [['q', '--time', 'fortnight'], { query: 'q', mode: 'text' }],
    [['q', '--region', 'DE-de'], { query: 'q', mode: 'text', region: 'de-de' }],
    [['q', '--region', 'english'], { query: 'q', mode: 'text' }],
    [
      ['q', '--site', 'who.int', '--site', 'cdc.gov'],
      { query: 'q', mode: 'text', includeDomains: ['who.int', 'cdc.gov'] },
    ],
  ])('%j', (argv, expected) => {
    expect(requestOf(argv)).toEqual(expected);
  });

  it('gives the request the same call through --args would', () => {
    const flags = requestOf([
      'heat',
      'pumps',
      '--max',
      '0',
      '--mode',
      'NEWS',
      '--time',
      'd',
      '--region',
      'us-EN',
    ]);
    const call = readWebSearchArguments({
      query: 'heat pumps',
      max_results: '0',
      mode: 'NEWS',
      timelimit: 'd',
      region: 'us-EN',
    });
    expect(call.ok && call.request).toEqual(flags);
  });

  it('still refuses what the client refuses: a site that is not a domain, naming the flag', () => {
    expect(() => requestOf(['q', '--site', 'not a domain'])).toThrow(UsageError);
    expect(() => requestOf(['q', '--site', 'not a domain'])).toThrow(/--site/);
  });

  it('leaves a query over the limit to the client, which refuses it as any request (exit 2)', () => {
    expect(requestOf(['x'.repeat(600)])).toEqual({ query: 'x'.repeat(600) });
  });
});
