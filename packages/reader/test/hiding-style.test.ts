import { describe, expect, it } from 'vitest';
import { hidingOf } from '../src/hiding-style.ts';

describe('hidingOf', () => {
  it.each([
    ['DISPLAY : NONE !important', 'element'],
    ['visibility:collapse', 'element'],
    ['opacity: 0', 'element'],
    ['opacity:0.001', 'element'],
    ['opacity: 0%', 'element'],
    ['position: fixed; top: -2000px', 'element'],
    ['position:absolute;left:-100em', 'element'],
    ['text-indent: -9999px', 'element'],
    ['position:absolute; clip: rect(1px, 1px, 1px, 1px)', 'element'],
    ['clip-path: inset(50%)', 'element'],
    ['width: 0; height: 0; overflow: hidden', 'element'],
    ['font-size: 0', 'text'],
    ['font-size:0rem', 'text'],
    ['color: transparent', 'text'],
    ['color: #ffffff80; color: #fff0', 'text'],
    ['color: rgb(255 255 255 / 0%)', 'text'],
    ['color:#fff;background:white url(x.png) no-repeat', 'text'],
    ['color: rgb(18, 52, 86); background-color: #123456', 'text'],
  ] as const)('%s hides the %s', (style, hiding) => {
    expect(hidingOf(style)).toBe(hiding);
  });

  it.each([
    'display: block',
    'opacity: 0.5',
    'opacity: 0.6; color: #fff; background: #123',
    'position: relative; left: -9999px',
    'position: absolute; left: -20px',
    'text-indent: -2em',
    'font-size: 0.9em',
    'color: #fff; background: rgba(255, 255, 255, 0.5)',
    'color: #777; background: #778',
    'width: 0',
    'clip: rect(0 100px 20px 0)',
    `color: ${'9'.repeat(5000)}`,
  ])('%s shows its text', (style) => {
    expect(hidingOf(style)).toBeUndefined();
  });

  it('reads only the head of a long style attribute', () => {
    // A 200 kB attribute is read as its first declarations: a hiding one pushed past them is not seen,
    // and the same one near the start is.
    expect(hidingOf(`${'a:b;'.repeat(50_000)}display:none`)).toBeUndefined();
    expect(hidingOf(`${'a:b;'.repeat(10)}display:none;${'a:b;'.repeat(50_000)}`)).toBe('element');
  });
});
