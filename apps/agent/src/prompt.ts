import { readFile } from 'node:fs/promises';
import { SEARCH_TOOL_NAME, SEARCH_TOOL_RULES, SEARCH_UNAVAILABLE_RULES } from '@agent-search/livekit-tool';
import { READ_PAGE_TOOL_NAME, READ_PAGE_TOOL_RULES } from '@agent-search/livekit-tool/reader';
import { z } from 'zod';

/** The assistant's prompt file: persona lines, the tools whose rules it includes, and the greeting. */
const promptFileSchema = z.object({
  name: z.string().min(1),
  persona: z.array(z.string()).min(1),
  tools: z.array(z.string()).default([]),
  greeting: z.string().min(1),
});

export type PromptFile = z.infer<typeof promptFileSchema>;

export const DEFAULT_PROMPT_PATH = new URL('../prompts/assistant.json', import.meta.url);

export async function loadPrompt(path: string | URL = DEFAULT_PROMPT_PATH): Promise<PromptFile> {
  const raw = await readFile(path, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new Error(`Invalid prompt file ${String(path)}: not JSON (${(error as Error).message})`);
  }
  const parsed = promptFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`Invalid prompt file ${String(path)}: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/**
 * The agent's instructions: the persona, then the rules of each tool the prompt lists. When search is
 * unavailable the search rules are replaced by a rule to say so, rather than dropped: otherwise the
 * model would answer current questions from stale knowledge without a word.
 */
export function buildInstructions(prompt: PromptFile, options: { searchEnabled: boolean }): string {
  const sections = [prompt.persona.join('\n')];
  for (const tool of prompt.tools) {
    if (tool === SEARCH_TOOL_NAME) {
      sections.push(options.searchEnabled ? SEARCH_TOOL_RULES : SEARCH_UNAVAILABLE_RULES);
    } else if (tool === READ_PAGE_TOOL_NAME) {
      // Pages come from search results: without search the tool is not registered, so neither are its rules.
      if (options.searchEnabled) sections.push(READ_PAGE_TOOL_RULES);
    } else {
      throw new Error(`The prompt file lists an unknown tool "${tool}"`);
    }
  }
  return sections.join('\n\n');
}
