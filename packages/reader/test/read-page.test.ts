import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_USER_AGENT,
  type HostResolver,
  ReadPageError,
  type ReadPageOptions,
  readPage,
} from '../src/index.ts';
import { LONG_ARTICLE_LAST_PARAGRAPH, type PageServer, startPageServer } from './page-server.ts';

let server: PageServer;
let origin: string;
let options: ReadPageOptions;

// "news.test" is the loopback server; only its exact origin may be private.
const resolve: HostResolver = async (hostname) => {
  if (hostname === 'news.test') return [{ address: '127.0.0.1', family: 4 }];
  if (hostname === 'intranet.test') return [{ address: '10.0.0.1', family: 4 }];
  if (hostname === 'mixed.test') {
    return [
      { address: '93.184.215.14', family: 4 },
      { address: '::ffff:127.0.0.1', family: 6 },
    ];
  }
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

beforeAll(async () => {
  server = await startPageServer();
  origin = `http://news.test:${server.port}`;
  options = { resolve, allowPrivateOrigins: [origin] };
});
afterAll(() => server.close());

async function readError(url: string, extra: ReadPageOptions = {}): Promise<ReadPageError> {
  const error = await readPage(url, { ...options, ...extra }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(ReadPageError.is(error)).toBe(true);
  return error as ReadPageError;
}

const ARTICLE_PARAGRAPHS = [
  'began feeding the city grid on Friday morning',
  'Twelve turbines anchored to the seabed',
  'A court dismissed the case in 2024',
  'Costs rose from an estimated 140 million to 212 million',
  'Tides do not care about the weather',
  'produce power on a schedule that can be predicted years ahead',
  'A second array of eight turbines is planned',
  'Residents can visit the control building',
];

describe('readPage on a news article', () => {
  it('keeps the article as Markdown and drops navigation, ads, the cookie banner and scripts', async () => {
    const page = await readPage(`${origin}/news/tidal-power`, options);
    for (const paragraph of ARTICLE_PARAGRAPHS) expect(page.text).toContain(paragraph);
    expect(page.text).toContain('## A long road to the water');
    expect(page.text).toMatch(/^- A second array/m);
    for (const noise of [
      'We use cookies',
      'Accept all',
      'Subscribe for 1 dollar',
      'Refinance your mortgage',
      'garden furniture',
      'Win a cruise',
      'Ferry timetable',
      'Privacy policy',
      'dataLayer',
      'gtag',
      'Share on Facebook',
    ]) {
      expect(page.text).not.toContain(noise);
    }
    expect(page).toMatchObject({
      url: `${origin}/news/tidal-power`,
      finalUrl: `${origin}/news/tidal-power`,
      title: 'Harbour city opens its first tidal power station',
      siteName: 'The Coastal Ledger',
      publishedAt: '2026-03-14T08:30:00.000Z',
      truncated: false,
      contentType: 'text/html',
    });
    expect(page.byline).toContain('Maren Ostby');
  });

  it('sends a User-Agent naming the project', async () => {
    await readPage(`${origin}/news/tidal-power`, options);
    const request = server.requests.findLast((entry) => entry.path === '/news/tidal-power');
    expect(request?.userAgent).toBe(DEFAULT_USER_AGENT);
    expect(DEFAULT_USER_AGENT).toMatch(/agent-search/);
  });

  it('decompresses a gzip body', async () => {
    const page = await readPage(`${origin}/news/tidal-power.gz`, options);
    expect(page.text).toContain('Twelve turbines anchored to the seabed');
  });

  it('undoes stacked content codings ("gzip, gzip")', async () => {
    const page = await readPage(`${origin}/news/tidal-power.gz2`, options);
    expect(page.title).toBe('Harbour city opens its first tidal power station');
    expect(page.text).toContain(ARTICLE_PARAGRAPHS[0]);
  });

  it('fails with a code, not a crash, on a damaged or unknown compression', async () => {
    const damaged = await readError(`${origin}/news/damaged.gz`);
    expect(damaged.code).toBe('unreadable');
    expect(damaged.message).toMatch(/damaged/);
    expect((await readError(`${origin}/news/compress`)).code).toBe('unsupported_content');
  });

  it('cuts the text on a paragraph boundary at maxChars', async () => {
    const page = await readPage(`${origin}/news/tidal-power`, { ...options, maxChars: 600 });
    expect(page.truncated).toBe(true);
    expect(page.text.length).toBeLessThanOrEqual(600);
    const full = await readPage(`${origin}/news/tidal-power`, options);
    // What is kept is whole paragraphs of the full text, then the note at the cut; the next paragraph
    // starts right after what was kept, where the note says to read on.
    const [kept, note] = page.text.split(/\n\n(?=\[Cut here)/);
    expect(full.text.startsWith(kept ?? '')).toBe(true);
    expect(full.text.slice(kept?.length, (kept?.length ?? 0) + 2)).toBe('\n\n');
    expect(page.nextOffset).toBe((kept?.length ?? 0) + 2);
    expect(note).toBe(
      `[Cut here: ${full.text.length - (page.nextOffset ?? 0)} more characters (about ${Math.ceil((full.text.length - (page.nextOffset ?? 0)) / 4)} tokens) of ${full.text.length} follow. To read on, call again with offset ${page.nextOffset}.]`,
    );
    expect(page.totalChars).toBe(full.text.length);
  });

  it('follows relative redirects and reports the final URL', async () => {
    const page = await readPage(`${origin}/hop/1`, options);
    expect(page.finalUrl).toBe(`${origin}/news/tidal-power`);
    expect(page.text).toContain('Twelve turbines');
  });
});

describe('readPage on other pages', () => {
  it('reads a statute page with every subsection', async () => {
    const page = await readPage(`${origin}/acts/consumer-credit/section-12`, options);
    for (const subsection of [
      '(1) A borrower may withdraw',
      '(2) The borrower withdraws',
      '(3) Where the borrower withdraws',
      '(4) This section does not apply',
    ]) {
      expect(page.text).toContain(subsection);
    }
    expect(page.text).toContain('Section 12: Right of withdrawal');
    expect(page.text).not.toContain('Skip to content');
  });

  it('decodes a GBK page whose charset is only in <meta>', async () => {
    const page = await readPage(`${origin}/gbk/case-news`, options);
    expect(page.title).toContain('最高人民法院发布民间借贷纠纷典型案例');
    expect(page.text).toContain('判决借款人归还剩余本金三十万元');
    expect(page.text).toContain('打击高利放贷和虚假诉讼行为');
    expect(page.text).not.toContain('\uFFFD');
  });

  it('reads a page that leaves out <html>, <head> and <body>', async () => {
    const page = await readPage(`${origin}/bare/tide-tables`, options);
    expect(page.title).toBe('Harbour tide tables');
    expect(page.text).toContain('High water at the harbour is at six in the morning');
    expect(page.text).toContain('Spring tides this week reach 4.2 metres');
  });

  it('drops text a browser would not show, however it is hidden, and escaped citation marks', async () => {
    const page = await readPage(`${origin}/news/hidden-text`, options);
    expect(page.text).toContain('High water is at six in the morning');
    expect(page.text).toContain('Spring tides this week reach 4.2 metres.');
    expect(page.text).toContain('The slipway floods an hour either side of high water.');
    // Hidden only in print, or styled without hiding: shown, so kept.
    expect(page.text).toContain('Visible promotion: the harbour museum opens at nine.');
    // Shown though a parent's style would hide text: a child that sets its own size, a faint or light-on-dark notice.
    expect(page.text).toContain('Visible fare: adults pay four pounds.');
    expect(page.text).toContain('Visible fare: children ride free.');
    expect(page.text).toContain('Visible notice: the ferry office closes at noon.');
    expect(page.text).not.toMatch(/Ignore previous instructions/);
    expect(page.text).not.toMatch(/\[1|1\]/);
  });

  it('passes plain text and JSON through', async () => {
    const notes = await readPage(`${origin}/notes.txt`, options);
    expect(notes.text).toBe(
      'Release notes\n\nVersion 2.1 fixes the login timeout.\n\nVersion 2.0 adds dark mode.',
    );
    expect(notes.contentType).toBe('text/plain');
    const json = await readPage(`${origin}/api/status.json`, options);
    expect(JSON.parse(json.text)).toEqual({ status: 'ok', uptimeDays: 41 });
    expect(json.contentType).toBe('application/json');
  });

  it('reads a page whose whole body is one <form> (ASP.NET), without its inputs', async () => {
    const page = await readPage(`${origin}/council/harbour-wall.aspx`, options);
    expect(page.title).toContain('Council approves new harbour wall');
    expect(page.text).toContain('Councillors voted on Tuesday evening to approve the rebuilding');
    expect(page.text).toContain('Residents can see the plans at the town hall');
    expect(page.text).not.toContain('VIEWSTATE');
    expect(page.text).not.toContain('__doPostBack');
  });

  it('fails with no_content, never an empty text, on a page with no readable text', async () => {
    for (const path of ['/gallery', '/empty.txt']) {
      const error = await readError(`${origin}${path}`);
      expect(error).toMatchObject({ code: 'no_content', retryable: false });
      expect(error.message).toMatch(/no text/);
    }
  });

  it('refuses a PDF as unsupported_content', async () => {
    const error = await readError(`${origin}/report.pdf`);
    expect(error.code).toBe('unsupported_content');
    expect(error.message).toContain('PDF');
  });

  it('reports an error status with the status', async () => {
    const error = await readError(`${origin}/missing`);
    expect(error).toMatchObject({ code: 'http_status', status: 404, retryable: false });
  });
});

describe('readPage within a budget', () => {
  const url = () => `${origin}/history/harbour`;

  it('cuts a long page at maxTokens with a note, and reads on from its offset to the end', async () => {
    const whole = await readPage(url(), { ...options, maxChars: 100_000 });
    expect(whole.truncated).toBe(false);
    expect(whole.text.length).toBeGreaterThan(20_000);
    const pieces: string[] = [];
    let page = await readPage(url(), { ...options, maxTokens: 1_500 });
    for (let reads = 1; ; reads++) {
      expect(page.text.length).toBeLessThanOrEqual(6_000);
      // Estimated while only the page's beginning is cleaned, exact once the read reaches the end.
      expect(Math.abs(page.totalChars - whole.text.length)).toBeLessThan(whole.text.length * 0.05);
      if (!page.truncated) break;
      const cut = page.text.lastIndexOf('\n\n[Cut here: ');
      expect(cut).toBeGreaterThan(0);
      expect(page.text.slice(cut)).toContain(`call again with offset ${page.nextOffset}.]`);
      pieces.push(page.text.slice(0, cut));
      expect(reads).toBeLessThan(10);
      page = await readPage(url(), { ...options, maxTokens: 1_500, offset: page.nextOffset });
    }
    pieces.push(page.text);
    expect(page.totalChars).toBe(whole.text.length);
    expect(pieces.length).toBeGreaterThanOrEqual(4);
    // The pieces are the page's text, whole and in order: nothing lost or repeated at the cuts.
    expect(pieces.join('\n\n')).toBe(whole.text);
    expect(page.text.endsWith(LONG_ARTICLE_LAST_PARAGRAPH)).toBe(true);
  });

  it('with a question, gives first the passage that answers it, though it is the last of the page', async () => {
    const page = await readPage(url(), {
      ...options,
      maxTokens: 500,
      question: "When did the lighthouse keeper's cottage become a museum?",
    });
    expect(page.text.length).toBeLessThanOrEqual(2_000);
    const first = page.passages?.[0];
    expect(first).toBeDefined();
    expect(page.text.startsWith(`[Passage at offset ${first?.offset}]\n`)).toBe(true);
    expect(page.text.indexOf(LONG_ARTICLE_LAST_PARAGRAPH)).toBeLessThan(600);
    expect(page.truncated).toBe(true);
    expect(page.text).toMatch(
      /\[\d+ of \d+ passages shown, best match first; call again with a passage's offset/,
    );
    // The offset is where the passage is in the page's text: reading from it gives the passage first.
    const from = await readPage(url(), { ...options, maxTokens: 500, offset: first?.offset });
    expect(from.text).toContain(LONG_ARTICLE_LAST_PARAGRAPH);
    expect(from.truncated).toBe(false);
  });

  it('says so when an offset is past the end, and refuses a bad offset or budget before fetching', async () => {
    const past = await readPage(url(), { ...options, offset: 10_000_000 });
    expect(past.text).toMatch(
      /^\[The page's text ends at character \d+; nothing follows offset 10000000\.\]$/,
    );
    for (const bad of [{ offset: -1 }, { offset: 1.5 }, { maxTokens: 20 }, { question: 'x'.repeat(1_001) }]) {
      await expect(readPage(url(), { ...options, ...bad })).rejects.toThrow(RangeError);
    }
  });
});

describe('readPage limits', () => {
  it('stops a 50 MB page at the body limit without reading it all', async () => {
    const error = await readError(`${origin}/huge`);
    expect(error.code).toBe('too_large');
    const written = await server.hugeBytesWritten();
    expect(written).toBeGreaterThan(5_000_000);
    expect(written).toBeLessThan(25 * 1024 * 1024);
  });

  it('gives up on a slow-drip page at the deadline', async () => {
    // The drip never ends: only the deadline can end the read, and the code says it did.
    const error = await readError(`${origin}/slow-drip`, { timeoutMs: 400 });
    expect(error).toMatchObject({ code: 'timeout', retryable: true });
  });

  it('refuses a deadline longer than a timer can hold, instead of firing it at once', async () => {
    await expect(readPage(`${origin}/news/tidal-power`, { ...options, timeoutMs: 2 ** 31 })).rejects.toThrow(
      RangeError,
    );
  });

  it('stops after five redirects', async () => {
    const error = await readError(`${origin}/loop`);
    expect(error.code).toBe('too_many_redirects');
    expect(server.requests.filter((entry) => entry.path === '/loop').length).toBeGreaterThanOrEqual(6);
  });

  it("rejects with the caller's own abort reason", async () => {
    const controller = new AbortController();
    const reason = new Error('caller left');
    setTimeout(() => controller.abort(reason), 100);
    await expect(readPage(`${origin}/slow-drip`, { ...options, signal: controller.signal })).rejects.toBe(
      reason,
    );
  });
});

describe('readPage safety', () => {
  it('blocks a redirect chain that ends on 127.0.0.1, though the first hop was allowed', async () => {
    const before = server.requests.length;
    const error = await readError(`${origin}/to-loopback/1`);
    expect(error.code).toBe('blocked_address');
    const paths = server.requests.slice(before).map((entry) => entry.path);
    expect(paths).toContain('/to-loopback/2');
    expect(paths).not.toContain('/news/tidal-power');
  });

  it('blocks a name that resolves to 10.0.0.1', async () => {
    const error = await readError('http://intranet.test/wiki', { resolve });
    expect(error.code).toBe('blocked_address');
  });

  it('blocks a name when any of its addresses is not public', async () => {
    expect((await readError('http://mixed.test/', { resolve })).code).toBe('blocked_address');
  });

  it('blocks loopback, metadata and mapped addresses by default', async () => {
    for (const url of [
      `http://127.0.0.1:${server.port}/news/tidal-power`,
      `http://[::1]:${server.port}/`,
      `http://[::ffff:127.0.0.1]:${server.port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://2130706433/',
      'http://0/',
    ]) {
      const error = await readError(url, { allowPrivateOrigins: undefined });
      expect(error.code, url).toBe('blocked_address');
    }
  });

  it('blocks the loopback host under its real name without the test option', async () => {
    const error = await readError(`${origin}/news/tidal-power`, { allowPrivateOrigins: [] });
    expect(error.code).toBe('blocked_address');
  });

  it('refuses addresses that are not http(s) or carry credentials', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/',
      'javascript:alert(1)',
      'not a url',
      'http://user:pw@example.com/',
    ]) {
      expect((await readError(url)).code, url).toBe('invalid_url');
    }
  });

  it('refuses a redirect to a non-web scheme', async () => {
    expect((await readError(`${origin}/to-file`)).code).toBe('invalid_url');
  });

  it('honours robots.txt by default, and an option turns it off', async () => {
    const error = await readError(`${origin}/private/report`);
    expect(error.code).toBe('robots_disallowed');
    expect(server.requests.some((entry) => entry.path === '/private/report')).toBe(false);
    const page = await readPage(`${origin}/private/report`, { ...options, respectRobots: false });
    expect(page.text).toContain('Internal quarterly numbers.');
  });

  it('reports an unreachable host', async () => {
    const error = await readError('http://nowhere.test/', { resolve });
    expect(error).toMatchObject({ code: 'unreachable', retryable: true });
  });
});
