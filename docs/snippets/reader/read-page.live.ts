import { ReadPageError, readPage } from '@agent-search/reader';

try {
  const page = await readPage('https://example.com/news/story', { maxChars: 8_000 });
  // {
  //   url, finalUrl,            // as asked, and after redirects
  //   title, siteName?, byline?, publishedAt?,  // publishedAt is ISO 8601
  //   text,                     // Markdown: headings, lists, quotes; links kept as their text
  //   truncated,                // true when text was cut at maxChars (on a paragraph boundary)
  //   contentType,              // "text/html", "text/plain", "application/json"...
  // }
  console.log(page.title, page.text.length);
} catch (error) {
  // A refused or failed read: error.code says why, error.message is a sentence to show.
  if (error instanceof ReadPageError) console.log(error.code, error.message);
  else throw error;
}
