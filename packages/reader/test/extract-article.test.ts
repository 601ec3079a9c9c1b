import { describe, expect, it } from 'vitest';
import { extractArticle } from '../src/extract-article.ts';

const PARAGRAPHS = [
  'The harbour board approved a new breakwater on Monday, the first major work on the outer harbour in forty years, after a winter in which storms closed the port on eleven days.',
  'Engineers expect the structure to cut the swell inside the harbour by half, letting the ferry berth in all but the worst weather and ending the cancellations islanders have complained about.',
  'Work starts in the spring and is planned to last two summers, with the quarry on the north shore supplying most of the rock so that lorries stay off the town streets.',
];

// A news page as sites build them: share bar, related links and a pop-up card inside the article, a
// caption the site's own article text leaves out, and that text in JSON-LD.
function newsPage(articleBody: string): string {
  return `<!doctype html><html><head><title>Breakwater approved | Harbour Daily</title>
<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@graph': [{ '@type': 'NewsArticle', headline: 'Breakwater approved', articleBody }] })}</script>
</head><body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>Breakwater approved</h1>
<div class="share-bar"><a href="https://x.example/share">Share on X</a> <a href="https://fb.example/share">Share on Facebook</a></div>
<p class="caption">Waves over the old pier in January. Photo: Harbour Archive</p>
<p>${PARAGRAPHS[0]}</p>
<p>${PARAGRAPHS[1]} <span class="rollover-people">Harbour board chair since 2019, former ferry captain</span></p>
<ul class="more-links"><li><a href="/a">Ferry fares rise again</a></li><li><a href="/b">Quarry reopens</a></li><li><a href="/c">Storm damage costs</a></li></ul>
<p>${PARAGRAPHS[2]}</p>
</article><footer>© Harbour Daily</footer></body></html>`;
}

describe('extractArticle', () => {
  it('drops share bars, pop-up cards, link lists and what the site’s own article text leaves out', () => {
    const { markdown } = extractArticle(newsPage(PARAGRAPHS.join('\n')));
    for (const paragraph of PARAGRAPHS) expect(markdown).toContain(paragraph.slice(0, 60));
    for (const noise of [
      'Share on',
      'former ferry captain',
      'Ferry fares rise again',
      'Photo: Harbour Archive',
    ]) {
      expect(markdown).not.toContain(noise);
    }
  });

  it('uses a JSON-LD text that is only a summary to choose, never to filter the article', () => {
    const { markdown } = extractArticle(newsPage(`${PARAGRAPHS[0]} More follows.`));
    for (const paragraph of PARAGRAPHS) expect(markdown).toContain(paragraph.slice(0, 60));
  });

  it('takes the site’s JSON-LD text when the page’s markup holds little of it', () => {
    const body = `${PARAGRAPHS.join('\n\n')}\n\nThe council will publish the contract in March.`;
    const html = `<!doctype html><html><head><title>Breakwater</title><script type="application/ld+json">${JSON.stringify({ '@type': 'Article', articleBody: body })}</script></head><body><div id="app"><p>${PARAGRAPHS[0]}</p><p>Subscribe to read the rest of this article and support local journalism in the harbour towns today.</p></div></body></html>`;
    const { markdown } = extractArticle(html);
    expect(markdown).toContain('The council will publish the contract in March.');
    expect(markdown).toContain(PARAGRAPHS[2]?.slice(0, 60) ?? '');
  });

  it('leaves underscores inside words as written, and escapes those that could start emphasis', () => {
    const html = `<!doctype html><html><head><title>Tides</title></head><body><article><p>${PARAGRAPHS[0]}</p><p>Set tide_offset in the config, or ask @harbour_master; the _draft_ tables are not final.</p><p>${PARAGRAPHS[1]}</p></article></body></html>`;
    const { markdown } = extractArticle(html);
    expect(markdown).toContain('Set tide_offset in the config, or ask @harbour_master;');
    expect(markdown).toContain('the \\_draft\\_ tables');
  });

  it('drops the headline, byline, date, address and gallery above the article, keeping its subheadings', () => {
    const html = `<!doctype html><html><head><title>Breakwater approved after winter of storms - Harbour Daily</title></head><body>
<div id="content"><p>https://harbour.example/news/breakwater-approved-1234.php</p>
<h1>Breakwater approved after winter of storms</h1><p>Ann Reed, Harbour Daily</p><p>Updated 5:27 am, Wednesday, November 20, 2019</p>
<ul><li>Photo: Harbour Archive</li></ul><p>Image 1 of 5</p><p>Caption</p><p>Close</p>
<p>${PARAGRAPHS[0]}</p><h2>What the work means for the ferry</h2><p>${PARAGRAPHS[1]}</p><p>${PARAGRAPHS[2]}</p></div>
<div id="side"><a href="/a">Ferry fares</a></div></body></html>`;
    const { title, markdown } = extractArticle(html);
    expect(title).toContain('Breakwater approved');
    expect(markdown.startsWith(PARAGRAPHS[0]?.slice(0, 40) ?? '')).toBe(true);
    expect(markdown).toContain('## What the work means for the ferry');
    for (const noise of [
      'https://harbour.example',
      '# Breakwater approved',
      'Ann Reed',
      'Updated 5:27',
      'Image 1 of 5',
      'Close',
    ])
      expect(markdown).not.toContain(noise);
  });

  it('keeps a heading followed by prose at the start of the article', () => {
    const html = `<!doctype html><html><head><title>Harbour works</title></head><body><article><h2>Why the harbour needs a breakwater</h2><p>${PARAGRAPHS[0]}</p><p>${PARAGRAPHS[1]}</p></article></body></html>`;
    expect(extractArticle(html).markdown).toMatch(
      /^## Why the harbour needs a breakwater\n\nThe harbour board/,
    );
  });

  it('prunes boilerplate by class inside Readability’s pick, never the block that holds the article', () => {
    // Readability's pick here is the whole "post has-tags" block; its class says tags, its text is the article.
    const html = `<!doctype html><html><head><title>Breakwater</title></head><body><div class="post has-tags">
<p>${PARAGRAPHS[0]}</p><p>${PARAGRAPHS[1]}</p>
<div class="newsletter-signup"><p>Get the Harbour Daily briefing in your inbox every morning, free, with the tide tables.</p><p>Sign up</p></div>
<p>${PARAGRAPHS[2]}</p></div></body></html>`;
    const { markdown } = extractArticle(html);
    for (const paragraph of PARAGRAPHS) expect(markdown).toContain(paragraph.slice(0, 60));
    expect(markdown).not.toContain('Harbour Daily briefing');
  });

  it('takes the page’s own article element over Readability’s pick when it holds the same prose with less around it', () => {
    const html = `<!doctype html><html><head><title>Breakwater</title></head><body><div id="page">
<div class="masthead-strip"><p>Harbour Daily</p><p>Weather: fair</p><p>Tides: 6:02, 18:15</p><p>Sunrise 7:41</p><p>Ferry: on time</p></div>
<article><p>${PARAGRAPHS[0]}</p><p>${PARAGRAPHS[1]}</p><p>${PARAGRAPHS[2]}</p></article>
<p>Harbour Daily is read in every town on the coast.</p></div></body></html>`;
    const { markdown } = extractArticle(html);
    for (const paragraph of PARAGRAPHS) expect(markdown).toContain(paragraph.slice(0, 60));
    for (const noise of ['Weather: fair', 'Ferry: on time', 'read in every town'])
      expect(markdown).not.toContain(noise);
  });

  it('drops captions, credits and ad labels inside the article, and the sign-up and headings after it', () => {
    const html = `<!doctype html><html><head><title>Breakwater</title></head><body><article>
<p>${PARAGRAPHS[0]}</p>
<div class="photo"><img src="/pier.jpg" alt=""><span class="newsCaption">Waves over the old pier in January <span>(Image: GETTY)</span></span></div>
<p>Advertisement</p>
<p>${PARAGRAPHS[1]}</p>
<p>Storm damage on the quay last winter (AP Photo/Ann Reed, File)</p>
<p>${PARAGRAPHS[2]}</p>
<h3>You may also like</h3><h4>Subscribe</h4><p>Sign up to our newsletter for exclusive updates from the harbour and the islands</p><p>Loading content ...</p>
</article></body></html>`;
    const { markdown } = extractArticle(html);
    for (const paragraph of PARAGRAPHS) expect(markdown).toContain(paragraph.slice(0, 60));
    expect(markdown.trimEnd().endsWith(PARAGRAPHS[2] ?? '')).toBe(true);
    for (const noise of ['old pier', 'GETTY', 'Advertisement', 'AP Photo', 'Storm damage on the quay'])
      expect(markdown).not.toContain(noise);
  });

  it('drops a title repeated in a paragraph, a dateline and a copyright line around the article', () => {
    const html = `<!doctype html><html><head><title>Breakwater approved after winter of storms</title></head><body><article>
<p><strong>Breakwater approved after winter of storms</strong></p><p><b>05/10/2018</b> - Published by: Ann Reed - Category: Harbour - Tags: breakwater</p>
<p>${PARAGRAPHS[0]}</p><p>${PARAGRAPHS[1]}</p><p>${PARAGRAPHS[2]}</p>
<p>The contents of this site are ©2019 Harbour Daily Publishing, a subsidiary of Coast Media.</p></article></body></html>`;
    const { markdown } = extractArticle(html);
    expect(markdown.startsWith(PARAGRAPHS[0]?.slice(0, 40) ?? '')).toBe(true);
    expect(markdown.trimEnd().endsWith(PARAGRAPHS[2] ?? '')).toBe(true);
  });

  it('keeps short opening paragraphs that only begin like chrome ("Photos ...", "Following ...", "By the time ...")', () => {
    const openings = [
      'Photos released on Monday show the new breakwater taking shape off the north shore.',
      'Following the vote, the harbour board thanked the islanders for their patience.',
      'By the time the storm reached the quay, the ferry had already left for the mainland.',
    ];
    for (const opening of openings) {
      const html = `<!doctype html><html><head><title>Harbour</title></head><body><article><p>${opening}</p><p>${PARAGRAPHS[0]}</p><p>${PARAGRAPHS[1]}</p></article></body></html>`;
      expect(extractArticle(html).markdown.startsWith(opening)).toBe(true);
    }
  });

  it('keeps a heading that ends the article’s text blocks when a table follows it', () => {
    const html = `<!doctype html><html><head><title>Harbour</title></head><body><article><p>${PARAGRAPHS[0]}</p><p>${PARAGRAPHS[1]}</p>
<h2>Tide heights this week</h2><table><tr><td>Monday</td><td>4.2 metres</td></tr><tr><td>Tuesday</td><td>4.0 metres</td></tr></table></article></body></html>`;
    const { markdown } = extractArticle(html);
    expect(markdown).toContain('## Tide heights this week');
    expect(markdown).toContain('4.2 metres');
  });
});
