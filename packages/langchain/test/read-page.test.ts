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
import type { ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { type ReadPageArtifact, readPageTool } from '../src/index.ts';

const site = useLoopbackSite(servePage(TIDES_ARTICLE));
const pages = useLoopbackSite(servePages({ '/history': LONG_ARTICLE, '/gallery': SCRIPT_BUILT_PAGE }));

const call = (url: string, more: Record<string, unknown> = {}) => ({
  id: 'call-1',
  name: 'read_page',
  args: { url, ...more },
  type: 'tool_call' as const,
});

// Loopback is allowed for the test site's own origin only; the reader's defaults never allow it.
const pagesTool = () =>
  readPageTool({
    read: (url, options) => readPage(url, { ...options, allowPrivateOrigins: [pages.origin] }),
  });

describe('readPageTool as a LangChain tool', () => {
  it('answers a tool call with the page text as content and the page as artifact', async () => {
    // Loopback is allowed for this test's own origin only; the reader's defaults never allow it.
    const tool = readPageTool({
      read: (url, options) => readPage(url, { ...options, allowPrivateOrigins: [site.origin] }),
    });
    expect(tool.name).toBe('read_page');
    const message = (await tool.invoke(call(`${site.origin}/tides`))) as ToolMessage;
    const content = String(message.content);
    expect(content).toMatch(/^# Tides explained\n/);
    expect(content).toContain('about twelve hours and twenty-five minutes apart');
    expect(content).not.toMatch(/We use cookies|Accept/);
    expect(message.artifact).toMatchObject({ title: 'Tides explained', truncated: false });
  });

  it('a page the reader refuses: the reader’s sentence as content, and the loop goes on', async () => {
    const message = (await readPageTool({ read: readPage }).invoke(
      call(`${site.origin}/tides`),
    )) as ToolMessage;
    expect(String(message.content)).toMatch(/private or local network address/);
    expect((message.artifact as ReadPageArtifact & { error: string }).error).toBe(String(message.content));
  });

  it('a page with no readable text: the no_content sentence as content, and as the artifact’s error with its code', async () => {
    const message = (await pagesTool().invoke(call(`${pages.origin}/gallery`))) as ToolMessage;
    expect(String(message.content)).toMatch(/no text I could read/);
    expect(message.artifact).toEqual({ error: String(message.content), code: 'no_content' });
  });

  it('reads within max_tokens, on from the offset in the note, and answers a question first', async () => {
    const tool = pagesTool();
    const first = (await tool.invoke(call(`${pages.origin}/history`, { max_tokens: 300 }))) as ToolMessage;
    const artifact = first.artifact as { text: string; nextOffset?: number; truncated: boolean };
    expect(artifact.truncated).toBe(true);
    expect(String(first.content)).toContain(`call again with offset ${artifact.nextOffset}.]`);
    const next = (await tool.invoke(
      call(`${pages.origin}/history`, { max_tokens: 300, offset: artifact.nextOffset }),
    )) as ToolMessage;
    expect(String(next.content)).not.toMatch(/The 1800s|The 1810s/);
    expect(String(next.content)).toContain('## The 1820s');
    const asked = (await tool.invoke(
      call(`${pages.origin}/history`, {
        max_tokens: 300,
        question: "When did the lighthouse keeper's cottage become a museum?",
      }),
    )) as ToolMessage;
    const firstPassage = String(asked.content).split(/\n\n(?=\[)/)[1];
    expect(firstPassage).toMatch(/^\[Passage at offset \d+\]\n/);
    expect(firstPassage).toContain(LONG_ARTICLE_ANSWER);
  });
});
