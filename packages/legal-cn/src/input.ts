import { SearchError } from '@agent-search/core';
import type { z } from 'zod';

/** Parses tool input, turning the first problem into an invalid_request a model can act on. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new SearchError('invalid_request', `${where}${issue.message}`);
}
