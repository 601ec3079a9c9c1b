import { readPage } from '@agent-search/reader';
import { servePage, TIDES_ARTICLE, useLoopbackSite } from '@agent-search/testing';
import type { ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { type ReadPageArtifact, readPageTool } from '../src/index.ts';

const site = useLoopbackSite(servePage(TIDES_ARTICLE));

const call = (url: string) => ({
  id: 'call-1',
  name: 'read_page',
  args: { url },
  type: 'tool_call' as const,
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
});
