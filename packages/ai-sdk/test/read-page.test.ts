import { readPage } from '@agent-search/reader';
import {
  LONG_ARTICLE,
  LONG_ARTICLE_ANSWER,
  SCRIPT_BUILT_PAGE,
  servePage,
  servePages,
  TIDES_ARTICLE,
  useLoopbackSite,
} from '@agent-search/testing';
import { generateText, stepCountIs } from 'ai';
import { describe, expect, it } from 'vitest';
import { readPageTool } from '../src/index.ts';
import { toolCallingModel, toolResultSent } from './mock-model.ts';

const site = useLoopbackSite(servePage(TIDES_ARTICLE));
const pages = useLoopbackSite(servePages({ '/history': LONG_ARTICLE, '/gallery': SCRIPT_BUILT_PAGE }));

// Loopback is allowed for the test sites' own origins only; the reader's defaults never allow it.
const readLoopback = (url: string, options: { signal?: AbortSignal; maxChars?: number }) =>
  readPage(url, { ...options, allowPrivateOrigins: [site.origin, pages.origin] });

async function toolTurn(input: Record<string, unknown>) {
  const { model, calls } = toolCallingModel({ toolName: 'read_page', input }, { answer: 'Done.' });
  const result = await generateText({
    model,
    tools: { read_page: readPageTool({ read: readLoopback }) },
    prompt: 'Read it',
    stopWhen: stepCountIs(3),
  });
  return { sent: toolResultSent(calls) as { type: string; value: unknown }, result };
}

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

  it('a page with no readable text reaches the model as the reader’s no_content sentence', async () => {
    const { sent } = await toolTurn({ url: `${pages.origin}/gallery` });
    expect(sent.type).toMatch(/error/);
    expect(JSON.stringify(sent.value)).toMatch(/no text I could read/);
  });

  it('cuts at max_tokens with a note giving the offset, and a call with that offset reads on', async () => {
    const first = await toolTurn({ url: `${pages.origin}/history`, max_tokens: 300 });
    const output = first.result.steps[0]!.toolResults[0]!.output as { text: string; nextOffset?: number };
    expect(output.nextOffset).toBeGreaterThan(0);
    expect(output.text.length).toBeLessThanOrEqual(1_200);
    expect((first.sent as { value: string }).value).toContain(
      `call again with offset ${output.nextOffset}.]`,
    );
    const next = await toolTurn({
      url: `${pages.origin}/history`,
      max_tokens: 300,
      offset: output.nextOffset,
    });
    const text = (next.sent as { value: string }).value;
    // The first read ended after the 1810s; the second starts where it stopped.
    expect(output.text).toContain('## The 1810s');
    expect(text).not.toMatch(/The 1800s|The 1810s/);
    expect(text).toContain('## The 1820s');
  });

  it('with a question, the passage that answers it comes first, though it ends the page', async () => {
    const { sent } = await toolTurn({
      url: `${pages.origin}/history`,
      max_tokens: 300,
      question: "When did the lighthouse keeper's cottage become a museum?",
    });
    const text = (sent as { value: string }).value;
    expect(text).toMatch(/^# A working harbour\n.+\n\n\[Passage at offset \d+\]\n/);
    const firstPassage = text.split(/\n\n(?=\[)/)[1];
    expect(firstPassage).toContain(LONG_ARTICLE_ANSWER);
  });
});
