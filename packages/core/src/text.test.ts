import { beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeResults } from './result.ts';
import { cleanText, plainText } from './text.ts';

// The work a cleaning does, counted (never timed: speed is in `pnpm bench`, figure "hostile-text"): each
// pass of `plainText` decodes its whole text once, so the characters handed to the entity decoder are the
// passes times the text. The decoder itself is the real one.
const work = vi.hoisted(() => ({ passes: 0, decoded: 0 }));
vi.mock('entities', async (importOriginal) => {
  const real = await importOriginal<typeof import('entities')>();
  return {
    ...real,
    decodeHTML: (text: string, mode?: Parameters<typeof real.decodeHTML>[1]) => {
      work.passes++;
      work.decoded += text.length;
      return real.decodeHTML(text, mode);
    },
  };
});
beforeEach(() => {
  work.passes = 0;
  work.decoded = 0;
});

// Six passes, then the last one that drops the brackets left (text.ts's MAX_PASSES).
const MOST_PASSES = 7;

// Inputs built to make a cleaner quadratic: unclosed constructs, each of which a lazy pattern would search
// to the end of the text from, and nestings a fixed-point loop must unwind (packages/bench times the same
// inputs).
const HOSTILE: Record<string, (n: number) => string> = {
  'unclosed comments': (n) => '<!--'.repeat(n),
  'unclosed tags': (n) => '<a'.repeat(n),
  'comments closed only at the end': (n) => `${'<!-- x '.repeat(n)}-->`,
  'nested entity encoding': (n) => `${'&amp;'.repeat(8)}lt;b&amp;gt;word `.repeat(n / 16),
  'unclosed escape sequences': (n) => '\u001b]0;'.repeat(n),
  'unclosed citations': (n) => '[1 '.repeat(n),
  'nested script tags': (n) => `${'<scr'.repeat(n / 2)}${'ipt>'.repeat(n / 2)}`,
};

/** The passes and decoded characters `run` costs. */
function counted(run: () => unknown): { passes: number; decoded: number } {
  work.passes = 0;
  work.decoded = 0;
  run();
  return { ...work };
}

describe('plainText on hostile input', () => {
  it.each(Object.keys(HOSTILE))('reads %s a bounded number of times, however long', (name) => {
    const build = HOSTILE[name] as (n: number) => string;
    // Counts need no size that takes milliseconds; four times the input is what shows the growth.
    const small = build(20_000);
    const large = build(80_000);
    const onSmall = counted(() => plainText(small));
    const onLarge = counted(() => plainText(large));
    // A fixed number of passes whatever the length (a loop until nothing changes would unwind a nesting
    // of depth n in n passes), each reading at most the text: linear in the input.
    expect(onLarge.passes).toBeGreaterThan(0); // counted: the decoder below is the one text.ts calls
    expect(onLarge.passes).toBeLessThanOrEqual(MOST_PASSES);
    expect(onLarge.passes).toBe(onSmall.passes);
    expect(onLarge.decoded).toBeLessThanOrEqual(MOST_PASSES * large.length);
    expect(onSmall.decoded).toBeLessThanOrEqual(MOST_PASSES * small.length);
  });

  it('unwinds a nesting deeper than its passes without a pass per level', () => {
    const deep = `${'<scr'.repeat(50)}${'ipt>'.repeat(50)}alert(1)`;
    const { passes } = counted(() => expect(plainText(deep)).not.toMatch(/<script/i));
    expect(passes).toBe(MOST_PASSES);
  });

  it('keeps what an unclosed comment is followed by, and removes closed ones', () => {
    expect(cleanText('a <!-- note --> b')).toBe('a b');
    expect(cleanText('a <!-- never closed b <!-- c')).toBe('a never closed b c');
    expect(cleanText('<!-- one --><!-- two -->c')).toBe('c');
  });
});

describe('plainText passes', () => {
  it('goes on while a pass leaves something to clean, and stops once nothing is', () => {
    // Each pass uncovers the next layer: entities that decode to entities, then to a tag.
    expect(plainText('a &amp;amp;lt;script&amp;amp;gt;b')).toBe('a b');
    // A citation mark left whole by removing another inside it, and one split by a zero-width space.
    expect(plainText('x [[1]2] y [\u200B4]')).toBe('x  y ');
    expect(plainText('<b>Heat</b> <b>Pump</b> Systems | Energy')).toBe('Heat Pump Systems | Energy');
    expect(plainText('\u001B\u001B[31m[31m red')).toBe(' red');
  });
});

describe('cleanText on a 0.8 MB provider answer', () => {
  it('cleans five 160 KB page texts full of markup and entities, reading only what each field can keep', () => {
    const content =
      '<div class="post"><p>Heat pumps &amp; cold climates: <b>what</b> the &lt;data&gt; says&nbsp;&#8212; ' +
      '<!-- tracking --><a href="/x">read more</a> &amp;amp;lt;script&amp;amp;gt; [3] &lt;!--</p></div>\n';
    const raw = Array.from({ length: 5 }, (_, i) => ({
      url: `https://example.com/heat-pumps/${i}`,
      title: `<h1>Heat pumps ${i} &amp; winter</h1>`,
      snippet: content.repeat(20),
      content: content.repeat(Math.ceil(160_000 / content.length)),
    }));
    expect(JSON.stringify(raw).length).toBeGreaterThan(800_000);
    let normalized: ReturnType<typeof normalizeResults> = [];
    const { decoded } = counted(() => {
      normalized = normalizeResults(raw, 'test', 'text');
    });
    // Each field is cut to four times its limit before cleaning (title 300, snippet 1,000, content 20,000),
    // and each cut is read by at most every pass: 33 s before, when the comment pattern was lazy.
    const readable = 5 * 4 * (300 + 1_000 + 20_000);
    expect(decoded).toBeGreaterThan(0);
    expect(decoded).toBeLessThanOrEqual(MOST_PASSES * readable);
    const [first] = normalized;
    expect(first?.content).toContain('Heat pumps & cold climates: what the says — read more');
    expect(first?.content).not.toMatch(/[<>]|\[3\]/);
    expect(first?.content?.length).toBeLessThanOrEqual(20_000);
  });

  it('cuts a field to its limit before cleaning it', () => {
    const huge = `${'word '.repeat(10)}${'<!--'.repeat(1_000_000)}`;
    let cleaned = '';
    const { decoded } = counted(() => {
      cleaned = cleanText(huge, 100);
    });
    // 4 MB in, at most 800 characters (four times the limit, at least 200) read by each pass.
    expect(decoded).toBeGreaterThan(0);
    expect(decoded).toBeLessThanOrEqual(MOST_PASSES * 800);
    expect(cleaned.startsWith('word word')).toBe(true);
  });
});
