/**
 * Pages for the reader figure, shaped like real ones: the article is a few kilobytes, the rest is what
 * sites wrap it in (inline state and tracking scripts, styles, mega menus, ads, related links, footers).
 */
export interface BenchPage {
  path: string;
  title: string;
  /** The article's paragraphs: every one must reach the reader's text. */
  paragraphs: string[];
  html: string;
}

const SECTIONS = [
  'World',
  'Politics',
  'Business',
  'Markets',
  'Technology',
  'Science',
  'Climate',
  'Health',
  'Sport',
  'Culture',
  'Travel',
  'Opinion',
];

function megaMenu(): string {
  return `<nav class="mega-menu" aria-label="Sections"><ul>${SECTIONS.map(
    (section) =>
      `<li class="menu-item"><a href="/${section.toLowerCase()}">${section}</a><ul class="submenu">${Array.from(
        { length: 6 },
        (_, i) => `<li><a href="/${section.toLowerCase()}/topic-${i}">${section} topic ${i + 1}</a></li>`,
      ).join('')}</ul></li>`,
  ).join('')}</ul></nav>`;
}

function stateBlob(title: string): string {
  const items = Array.from({ length: 40 }, (_, i) => ({
    id: `art-${1000 + i}`,
    headline: `${SECTIONS[i % SECTIONS.length]} story number ${i} with a long headline for the teaser rail`,
    url: `/story/${1000 + i}`,
    image: { src: `https://cdn.example/img/${1000 + i}.jpg`, width: 1200, height: 675, alt: 'teaser image' },
    tracking: { slot: `rail-${i}`, campaign: 'organic', experiment: 'b' },
  }));
  return `<script>window.__APP_STATE__ = ${JSON.stringify({ page: { title, type: 'article' }, rail: items, user: { loggedIn: false, consent: null } })};</script>`;
}

const STYLES = `<style>${Array.from(
  { length: 120 },
  (_, i) =>
    `.c-${i}{margin:${i % 7}px ${i % 5}px;padding:${i % 3}rem;font:400 ${12 + (i % 6)}px/1.4 Georgia,serif;color:#${(i * 4663).toString(16).padStart(6, '0').slice(0, 6)}}`,
).join('')}</style>`;

const TRACKING = `<script async src="https://www.googletagmanager.example/gtag/js?id=G-XYZ"></script>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config','G-XYZ',{anonymize_ip:true});
!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.example/fbevents.js');</script>`;

function ad(slot: string): string {
  return `<div class="ad-slot ad-${slot}" id="div-gpt-ad-${slot}" data-ad-unit="/1234/news/${slot}"><span class="ad-label">Advertisement</span><iframe src="https://ads.example/${slot}" width="300" height="250"></iframe></div>`;
}

function related(): string {
  return `<aside class="related"><h3>More from our newsroom</h3><ul>${Array.from(
    { length: 12 },
    (_, i) =>
      `<li class="c-${i}"><a href="/story/${2000 + i}"><img src="https://cdn.example/thumb/${2000 + i}.jpg" alt=""><span>Related headline ${i + 1} about something else entirely</span></a></li>`,
  ).join('')}</ul></aside>`;
}

const FOOTER = `<footer class="site-footer"><div class="cols">${SECTIONS.map(
  (section) =>
    `<div class="col"><h4>${section}</h4><a href="/${section.toLowerCase()}">Latest</a> <a href="/${section.toLowerCase()}/archive">Archive</a> <a href="/${section.toLowerCase()}/newsletter">Newsletter</a></div>`,
).join(
  '',
)}</div><p>© 2026 Example Media. All rights reserved. <a href="/privacy">Privacy</a> <a href="/cookies">Cookie settings</a> <a href="/terms">Terms</a></p></footer>`;

const COOKIE_BANNER = `<div id="consent" class="cookie-consent" role="dialog" aria-modal="true"><p>We and our 842 partners store and access information on your device to show personalised ads and measure performance.</p><button type="button">Accept all</button><button type="button">Reject all</button><button type="button">Settings</button></div>`;

function page(
  path: string,
  site: string,
  title: string,
  paragraphs: string[],
  headings: Record<number, string> = {},
): BenchPage {
  const body = paragraphs
    .map(
      (text, i) =>
        `${headings[i] ? `<h2>${headings[i]}</h2>` : ''}<p>${text}</p>${i === 2 ? ad('inline') : ''}`,
    )
    .join('\n');
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title} | ${site}</title>
<meta property="og:title" content="${title}"><meta property="og:site_name" content="${site}">
<meta property="article:published_time" content="2026-06-01T07:00:00Z">
<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: title, datePublished: '2026-06-01T07:00:00Z', publisher: { '@type': 'Organization', name: site } })}</script>
${STYLES}${TRACKING}</head><body>${COOKIE_BANNER}<header class="masthead"><a class="logo" href="/">${site}</a>${megaMenu()}</header>${ad('leaderboard')}
<main><article><h1>${title}</h1><p class="byline">By Staff Reporter</p><div class="article-body">${body}</div>
<div class="share"><a href="https://share.example/x">Share on X</a> <a href="https://share.example/fb">Share on Facebook</a></div></article>${related()}${ad('sidebar')}</main>
${FOOTER}${stateBlob(title)}</body></html>`;
  return { path, title, paragraphs, html };
}

export const BENCH_PAGES: BenchPage[] = [
  page(
    '/news/ferry-strike',
    'Harbour Daily',
    'Ferry crews vote to strike over summer rosters',
    [
      'Crews on the island ferry routes voted on Tuesday to strike for three days in July, after talks over summer rosters broke down for the second time this year.',
      'The union said 82 percent of members who voted backed the action, on a turnout of 71 percent, and that crews had been asked to work up to fourteen days in a row during the peak season.',
      'The ferry company said it was disappointed and would publish a reduced timetable, with priority given to lifeline sailings for residents, freight and medical appointments.',
      'Island businesses warned that the dates fall on the busiest weekend of the tourist season, when bookings are typically at their highest of the year.',
      'Both sides said they were willing to return to talks through the arbitration service, which has offered dates next week.',
    ],
    { 3: 'Impact on the islands' },
  ),
  page(
    '/science/bee-navigation',
    'Field Notes',
    'Bees use the sun and a map of landmarks to find their way home',
    [
      'Honeybees combine a sun compass with a memory of landmarks to navigate, researchers reported this week, settling a long debate about whether insects carry anything like a map.',
      'The team fitted bees with tiny radar transponders and released them at unfamiliar points up to two kilometres from the hive, recording each flight path.',
      'Bees released under cloud, when the sun was hidden, still reached the hive if they had flown over the area before, but wandered if the terrain was new to them.',
      'The authors say the results suggest a layered system: the sun sets the direction, and learned landmarks correct it near home.',
      'Farmers may benefit, they add, because hedges and tree lines that bees can recognise may help colonies forage more efficiently.',
      'The study was published in a peer-reviewed journal and the flight data is openly available.',
    ],
    { 1: 'Radar on every bee', 3: 'What it means' },
  ),
  page('/money/savings-rates', 'The Ledger', 'Savings rates edge up as banks compete for deposits', [
    'Several high-street banks raised rates on easy-access savings accounts this month, the first broad increase since the central bank held its base rate in the spring.',
    'The best easy-access accounts now pay around 4.1 percent, while the average across the market remains close to 2.9 percent, according to data from a comparison site.',
    'Analysts say banks need deposits to fund a rise in mortgage lending, and that smaller lenders are leading the increases.',
    'Savers with money in accounts paying less than 1 percent are being urged to check whether they could move it without penalties.',
  ]),
  page(
    '/rules/tenancy-deposits',
    'Housing Guide',
    'How tenancy deposit protection works',
    [
      'A landlord who takes a deposit for an assured shorthold tenancy must protect it in a government-approved scheme within 30 days of receiving it.',
      'The landlord must also give the tenant the prescribed information: the scheme used, how to get the deposit back, and what to do in a dispute.',
      'At the end of the tenancy, the landlord and tenant should agree how much of the deposit is returned; the scheme must pay back agreed amounts within ten days.',
      'If they disagree, the scheme offers free dispute resolution, in which an adjudicator decides from the evidence both sides provide.',
      'A landlord who fails to protect a deposit can be ordered to pay the tenant up to three times its amount, and may be unable to use the no-fault eviction procedure.',
    ],
    { 2: 'Getting the deposit back', 4: 'Penalties' },
  ),
];
