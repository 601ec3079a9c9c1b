/** Helpers the kits' simulated answers share. */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** The host name of `url`, or "" (entries mutated by fuzz tests may carry any URL). */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/** Twenty digits derived from `text` (FNV-1a, then a multiplicative hash): stable ids and tokens. */
export function stableDigits(text: string): string {
  let hash = 2166136261;
  for (const ch of text) hash = Math.imul(hash ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return `${String(hash).padStart(10, '0')}${String(Math.imul(hash, 2654435761) >>> 0).padStart(10, '0')}`;
}

/** A 32-digit request id for `query`, as APIs echo one per answer. */
export function requestIdFor(query: string): string {
  return `4${stableDigits(query)}`.padEnd(32, '0');
}

/** A status page as nginx (or a proxy in front of an API) sends it. */
export const statusPage = (status: number, text: string) =>
  `<html>\r\n<head><title>${status} ${text}</title></head>\r\n<body>\r\n<center><h1>${status} ${text}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

/** A web application firewall's block page. */
export const WAF_PAGE =
  '<!DOCTYPE html><html><head><title>Attention Required!</title></head><body><h1>Sorry, you have been blocked</h1><p>This website is using a security service to protect itself from online attacks.</p></body></html>';
