/**
 * `text` cut to at most `maxChars` characters on the last paragraph boundary before the limit; when no
 * paragraph ends in the last third, on a line, sentence or word boundary instead.
 */
export function cutText(text: string, maxChars: number): { text: string; truncated: boolean } {
  if (text.length <= maxChars) return { text, truncated: false };
  const head = text.slice(0, maxChars);
  const floor = Math.floor(maxChars * 0.66);
  for (const boundary of [
    /\n\n(?=[^\n]*$)/,
    /\n(?=[^\n]*$)/,
    /[.!?。！？](?=[^.!?。！？]*$)/u,
    /\s(?=\S*$)/,
  ]) {
    const match = boundary.exec(head);
    if (match && match.index >= floor) {
      const end = match[0].trim() === '' ? match.index : match.index + match[0].length;
      return { text: head.slice(0, end).trimEnd(), truncated: true };
    }
  }
  return { text: head.trimEnd(), truncated: true };
}
