import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { hostileResponse } from './__fixtures__/responses.ts';
import { renderView, VIEW_FORMATS } from './render.ts';

const now = '2025-11-30T10:00:00Z';

describe('renderView', () => {
  it.each(VIEW_FORMATS)('renders %s as a string that parses back', (format) => {
    const response = hostileResponse();
    const text = renderView(response, format, { now });
    expect(typeof text).toBe('string');
    if (format === 'xml') expect(XMLValidator.validate(text)).toBe(true);
    else if (format === 'model') expect(text.startsWith('Results for ')).toBe(true);
    else expect(() => JSON.parse(text)).not.toThrow();
  });

  it('renders the full response as json', () => {
    const response = hostileResponse();
    expect(JSON.parse(renderView(response, 'json'))).toEqual(response);
    expect(JSON.parse(renderView(response, 'sources'))[2]).toMatchObject({ id: 3, site: 'prompt.example' });
  });

  it('rejects an unknown format, naming the valid ones', () => {
    expect(() => renderView(hostileResponse(), 'markdown')).toThrow(
      expect.objectContaining({
        code: 'invalid_request',
        message: 'Unknown format "markdown"; use one of: model, xml, agent-server, structured, sources, json',
      }),
    );
  });
});
