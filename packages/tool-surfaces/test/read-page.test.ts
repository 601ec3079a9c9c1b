import { EMPTY_URL_ERROR, READ_PAGE_PARAMETERS, readPageTool } from '@agent-search/core/tool';
import { readPage } from '@agent-search/reader';
import { SCRIPT_BUILT_PAGE, servePages, TIDES_ARTICLE, useLoopbackSite } from '@agent-search/testing';
import { describe, expect, it } from 'vitest';
import { SURFACES } from './surfaces.ts';

const site = useLoopbackSite(servePages({ '/tides': TIDES_ARTICLE, '/gallery': SCRIPT_BUILT_PAGE }));

/** read_page over the real reader, loopback allowed for this file's site only (never by default). */
const tool = () =>
  readPageTool({
    read: (url, options) => readPage(url, { ...options, allowPrivateOrigins: [site.origin] }),
  });

const NO_CONTENT = /no text I could read/;

describe.each(SURFACES)('read_page on $name', (surface) => {
  it('a normal read: the article, without the navigation', async () => {
    const { failed, said } = await surface.call(tool(), { url: `${site.origin}/tides` });
    expect(failed).toBe(false);
    expect(said).toContain('Tides explained');
    expect(said).toContain('two high tides a day');
    expect(said).not.toContain('We use cookies');
  });

  it('lenient arguments: a padded url and a numeric string budget are read, not refused', async () => {
    const { failed, said } = await surface.call(tool(), {
      url: `  ${site.origin}/tides `,
      max_tokens: '150',
      offset: '0',
    });
    expect(failed).toBe(false);
    expect(said).toContain('Tides are the rise and fall of the sea');
  });

  it('no url: the one refusal, in the same words', async () => {
    expect(await surface.call(tool(), { url: '   ' })).toEqual({ failed: true, said: EMPTY_URL_ERROR });
  });

  it('a page with no readable text: the no_content sentence, flagged as a failure', async () => {
    const { failed, said } = await surface.call(tool(), { url: `${site.origin}/gallery` });
    expect(failed).toBe(true);
    expect(said).toMatch(NO_CONTENT);
  });

  it("a page the reader refuses (a private address, by default): the reader's sentence", async () => {
    const defaults = readPageTool({ read: readPage });
    const { failed, said } = await surface.call(defaults, { url: `${site.origin}/tides` });
    expect(failed).toBe(true);
    expect(said).toContain('private or local network address');
  });
});

describe('read_page: one outcome on every surface', () => {
  it('each failure is the same sentence on every surface', async () => {
    for (const args of [{ url: '' }, { url: `${site.origin}/gallery` }, { url: `${site.origin}/missing` }]) {
      const answers = await Promise.all(SURFACES.map((surface) => surface.call(tool(), args)));
      expect(new Set(answers.map((a) => JSON.stringify(a))).size, JSON.stringify(answers)).toBe(1);
      expect(answers[0]!.failed).toBe(true);
    }
  });

  it('its arguments are described once: url required, the rest optional', () => {
    expect(READ_PAGE_PARAMETERS.map((p) => [p.name, p.required === true])).toEqual([
      ['url', true],
      ['max_tokens', false],
      ['offset', false],
      ['question', false],
    ]);
  });
});
