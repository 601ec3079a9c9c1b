import { learnedNotice, type SearchResponse } from '../response.ts';
import { isoDay, oneLine } from './fields.ts';
import { staleNotice } from './staleness.ts';

export interface XmlViewOptions {
  /** "Today" for the `date` attribute; default the current time. */
  now?: Date | number | string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe in an XML element or a quoted attribute: one line, unprintables removed, all five specials escaped. */
export function escapeXml(value: unknown): string {
  return oneLine(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * The XML view, for prompts that want tagged context: `<search_results query=".." date="YYYY-MM-DD">` holding one `<result id="n"
 * source="site">` per result with `<title>`, `<snippet>`, `<url>` and `<published>` when known. Every
 * value is escaped, so result text can never close an element or add one. Ids match `toSources`.
 * An answer from a search memory has `learned_by` and `learned_at` on the root and a `<note>` framing it as
 * quoted web content. A cached answer has `cached="true"` on the root; a stale one also `stale="true" fetched_at="..."` and a `<note>` saying how old it is.
 */
export function toXml(response: SearchResponse, options: XmlViewOptions = {}): string {
  const date = isoDay(options.now ?? Date.now());
  const stale = staleNotice(response, options);
  const freshness = `${response.cached ? ' cached="true"' : ''}${
    stale ? ` stale="true"${stale.fetchedAt ? ` fetched_at="${escapeXml(stale.fetchedAt)}"` : ''}` : ''
  }`;
  // An answer from a search memory says who learned it, and that its text is quoted web content.
  const learned = response.learned
    ? ` learned_by="${escapeXml(response.learned.botName)}" learned_at="${escapeXml(response.learned.learnedAt)}"`
    : '';
  const lines = [
    `<search_results query="${escapeXml(response.query)}" date="${date}"${freshness}${learned}>`,
  ];
  if (response.learned) lines.push(`  <note>${escapeXml(learnedNotice(response.learned))}</note>`);
  if (stale) lines.push(`  <note>${escapeXml(stale.note)}</note>`);
  response.results.forEach((result, index) => {
    lines.push(`  <result id="${index + 1}" source="${escapeXml(result.source)}">`);
    lines.push(`    <title>${escapeXml(result.title)}</title>`);
    lines.push(`    <snippet>${escapeXml(result.snippet)}</snippet>`);
    lines.push(`    <url>${escapeXml(result.url)}</url>`);
    if (result.publishedAt) lines.push(`    <published>${escapeXml(result.publishedAt)}</published>`);
    lines.push('  </result>');
  });
  lines.push('</search_results>');
  return lines.join('\n');
}
