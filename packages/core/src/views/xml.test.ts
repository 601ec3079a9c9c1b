import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { bitcoinResponse, emptyResponse, hostileResponse } from './__fixtures__/responses.ts';
import { oneLine } from './fields.ts';
import { toSources } from './sources.ts';
import { escapeXml, toXml } from './xml.ts';

const now = new Date('2025-11-30T23:59:00Z');

interface ParsedResult {
  '@_id': string;
  '@_source': string;
  title: string;
  snippet: string;
  url: string;
  published?: string;
}

function parse(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: true,
    htmlEntities: false,
    isArray: (name) => name === 'result',
  });
  return parser.parse(xml) as {
    search_results: { '@_query': string; '@_date': string; result?: ParsedResult[] };
  };
}

describe('toXml', () => {
  it('renders <search_results> with one <result> per result, ids matching toSources', () => {
    const response = bitcoinResponse();
    const xml = toXml(response, { now });
    expect(xml.split('\n').slice(0, 5)).toEqual([
      '<search_results query="bitcoin price" date="2025-11-30">',
      '  <result id="1" source="coinmarketcap.com">',
      '    <title>Bitcoin price today, BTC to USD live price - CoinMarketCap</title>',
      '    <snippet>The live Bitcoin price today is $91,412.05 USD with a 24-hour trading volume of $58,231,552,102 USD. Bitcoin is up 1.42% in the last 24 hours.</snippet>',
      '    <url>https://coinmarketcap.com/currencies/bitcoin/</url>',
    ]);
    const parsed = parse(xml).search_results;
    expect(parsed['@_date']).toBe('2025-11-30');
    const sources = toSources(response);
    expect(parsed.result!.map((r) => [Number(r['@_id']), r.url, r['@_source']])).toEqual(
      sources.map((s) => [s.id, s.url, s.site]),
    );
    expect(parsed.result![1]!.published).toBe('2025-11-29T14:05:00.000Z');
    expect(parsed.result![0]!.published).toBeUndefined();
  });

  it('stays valid XML with exactly one element per result, whatever the results contain', () => {
    const response = hostileResponse();
    const xml = toXml(response, { now });
    const parsed = parse(xml).search_results;
    expect(parsed['@_query']).toBe(response.query);
    expect(parsed.result).toHaveLength(3);
    expect(parsed.result!.map((r) => r['@_id'])).toEqual(['1', '2', '3']);
    // Every field reads back as the original text on one line: escaped, not altered.
    response.results.forEach((original, i) => {
      const r = parsed.result![i]!;
      expect(r.title).toBe(oneLine(original.title));
      expect(r.snippet).toBe(oneLine(original.snippet));
      expect(r.url).toBe(original.url);
      expect(r['@_source']).toBe(original.source);
    });
    expect(parsed.result![1]!.title).toBe('Control chars and ANSI and a lone surrogate');
    expect(xml).not.toContain('<result id="9"');
    expect(xml).not.toContain(']]>');
  });

  it('renders an empty result list as an empty element', () => {
    const parsed = parse(toXml(emptyResponse(), { now })).search_results;
    expect(parsed['@_query']).toBe('nothing matches this');
    expect(parsed.result).toBeUndefined();
  });

  it('escapeXml escapes all five specials', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
