import { readPage } from '@agent-search/reader';
import { servePage, TIDES_ARTICLE, useLoopbackSite } from '@agent-search/testing';
import { generateText, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { readPageTool } from '../src/index.ts';
import { toolCallingModel, toolResultSent } from './mock-model.ts';

const site = useLoopbackSite(servePage(TIDES_ARTICLE));

/** A model that asks for `url` with read_page once, then answers; it records every prompt. */
const readingModel = (url: string) =>
  toolCallingModel({ toolName: 'read_page', input: { url } }, { answer: 'Two high tides a day.' });

describe('readPageTool in generateText', () => {
  it('reads the page and gives the model its main text, without the navigation or the cookie banner', async () => {
    // Loopback is allowed for this test's own origin only; the reader's defaults never allow it.
    const read = (url: string, options: { signal?: AbortSignal; maxChars?: number }) =>
      readPage(url, { ...options, allowPrivateOrigins: [site.origin] });
    const { model, calls } = readingModel(`${site.origin}/tides`);
    const result = await generateText({
      model,
      tools: { read_page: readPageTool({ read }) },
      prompt: 'How many tides a day?',
      stopWhen: stepCountIs(3),
    });
    const sent = toolResultSent(calls);
    expect(sent.type).toBe('text');
    const text = (sent as { value: string }).value;
    expect(text).toMatch(/^# Tides explained\n/);
    expect(text).toContain('about twelve hours and twenty-five minutes apart');
    expect(text).not.toMatch(/We use cookies|Accept/);
    expect(result.steps[0]!.toolResults[0]!.output).toMatchObject({
      title: 'Tides explained',
      truncated: false,
    });
  });

  it('a page the reader refuses reaches the model as the reader’s sentence', async () => {
    const { model, calls } = readingModel(`${site.origin}/tides`);
    await generateText({
      model,
      tools: { read_page: readPageTool({ read: readPage }) },
      prompt: 'Read it',
      stopWhen: stepCountIs(3),
    });
    const sent = toolResultSent(calls) as { type: string; value: unknown };
    expect(sent.type).toMatch(/error/);
    expect(JSON.stringify(sent.value)).toMatch(/private or local network address/);
  });
});
