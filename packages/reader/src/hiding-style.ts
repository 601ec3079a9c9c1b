/**
 * What a CSS declaration block does to the text of the element it styles, read the way a browser would
 * show it: gone with its element (`display:none`, `opacity:0`, moved off-screen, clipped to nothing), or
 * drawn invisibly (`font-size:0`, transparent text, text the colour of its background) while children that
 * set their own size or colour may still show. A page that hides text from people must not hand it to a
 * model: such text is the usual carrier of injected instructions.
 *
 * Linear in the block's length (split and compare; no regex that can backtrack), and only the first
 * `MAX_DECLARATION_CHARS` are read.
 */
export type Hiding = 'element' | 'text';

const MAX_DECLARATION_CHARS = 4_000;
// Further off-screen than any layout puts real content: the "-9999px" of image replacement and traps.
const OFF_SCREEN_PX = -500;

/** Declarations of one block, lowercased, spaces collapsed, `!important` dropped: `{display: 'none'}`. */
export function declarations(block: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const declaration of block.slice(0, MAX_DECLARATION_CHARS).toLowerCase().split(';')) {
    const colon = declaration.indexOf(':');
    if (colon === -1) continue;
    const property = declaration.slice(0, colon).replace(/[{\s]/g, '');
    const value = declaration
      .slice(colon + 1)
      .replace(/[\s}]+/g, ' ')
      .replace('!important', '')
      .replace(/\s*([(),/])\s*/g, '$1')
      .trim();
    if (property) found.set(property, value);
  }
  return found;
}

/** How a declaration block hides its element's text, if it does. */
export function hidingOf(block: string): Hiding | undefined {
  const style = declarations(block);
  if (hidesElement(style)) return 'element';
  if (hidesText(style)) return 'text';
  return undefined;
}

/** Properties a child can set to show text its parent drew invisibly. */
export const TEXT_RESETTING_PROPERTIES = ['font-size', 'font', 'color', 'background', 'background-color'];

function hidesElement(style: Map<string, string>): boolean {
  if (style.get('display') === 'none') return true;
  const visibility = style.get('visibility');
  if (visibility === 'hidden' || visibility === 'collapse') return true;
  const opacity = style.get('opacity');
  if (opacity !== undefined && isZeroAmount(opacity)) return true;
  if (offScreen(style)) return true;
  if (clippedAway(style)) return true;
  return false;
}

function offScreen(style: Map<string, string>): boolean {
  const indent = pixels(style.get('text-indent'));
  if (indent !== undefined && indent <= OFF_SCREEN_PX) return true;
  const position = style.get('position');
  if (position !== 'absolute' && position !== 'fixed') return false;
  return ['left', 'top', 'right'].some((side) => {
    const at = pixels(style.get(side));
    return at !== undefined && at <= OFF_SCREEN_PX;
  });
}

function clippedAway(style: Map<string, string>): boolean {
  const clip = style.get('clip');
  if (clip?.startsWith('rect(')) {
    const edges = clip.slice(5, -1).split(/[\s,]+/);
    if (edges.length === 4 && edges.every((edge) => (pixels(edge) ?? 99) <= 1)) return true;
  }
  const clipPath = style.get('clip-path');
  if (clipPath === 'inset(50%)' || clipPath === 'inset(100%)') return true;
  const overflowHidden = style.get('overflow') === 'hidden';
  const zero = (value: string | undefined) => value !== undefined && pixels(value) === 0;
  return overflowHidden && (zero(style.get('width')) || zero(style.get('height')));
}

function hidesText(style: Map<string, string>): boolean {
  const size = style.get('font-size');
  if (size !== undefined && pixels(size) === 0) return true;
  const color = style.get('color');
  if (color === undefined) return false;
  const ink = rgba(color);
  if (ink?.[3] === 0) return true;
  const paper = rgba(style.get('background-color') ?? style.get('background') ?? '');
  return (
    ink !== undefined && paper !== undefined && paper[3] === 1 && ink.every((part, i) => part === paper[i])
  );
}

/** `0`, `0.0`, `0%` and the like (below one percent). */
function isZeroAmount(value: string): boolean {
  const number = Number.parseFloat(value);
  if (!Number.isFinite(number)) return false;
  return value.endsWith('%') ? number < 1 : number < 0.01;
}

/** A length in CSS pixels (em and rem at 16 px), or undefined for what is not a plain length. */
function pixels(value: string | undefined): number | undefined {
  // Lengths are short; a long value is not one (and the pattern below is not run on long text).
  if (value === undefined || value.length > 24) return undefined;
  const match = /^(-?\d*\.?\d+)(px|em|rem|pt|%|vw|vh)?$/.exec(value);
  if (!match) return undefined;
  const number = Number(match[1]);
  if (match[2] === 'em' || match[2] === 'rem') return number * 16;
  if (match[2] === 'pt') return (number * 4) / 3;
  return number;
}

const NAMED_COLORS: Record<string, [number, number, number, number]> = {
  white: [255, 255, 255, 1],
  black: [0, 0, 0, 1],
  transparent: [0, 0, 0, 0],
};

/** A colour as [r, g, b, alpha 0..1], for the spellings pages use: names above, #rgb(a), #rrggbb(aa), rgb(a)(). */
function rgba(value: string): [number, number, number, number] | undefined {
  // `background: #fff url(x.png) no-repeat` and the like: a colour word comes first.
  const color = value.split(' ')[0] ?? '';
  if (color in NAMED_COLORS) return NAMED_COLORS[color];
  if (color.startsWith('#')) return hexColor(color.slice(1));
  const fn = /^rgba?\(([\d.,%/ ]+)\)$/.exec(value);
  if (!fn?.[1]) return undefined;
  const parts = fn[1].split(/[\s,/]+/).map((part) => Number.parseFloat(part));
  if (parts.length < 3 || parts.some((part) => !Number.isFinite(part))) return undefined;
  const alpha = parts[3] === undefined ? 1 : fn[1].endsWith('%') ? parts[3] / 100 : parts[3];
  return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, Math.max(0, Math.min(alpha, 1))];
}

function hexColor(hex: string): [number, number, number, number] | undefined {
  if (!/^[\da-f]+$/.test(hex)) return undefined;
  const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex;
  if (full.length !== 6 && full.length !== 8) return undefined;
  const channel = (at: number) => Number.parseInt(full.slice(at, at + 2), 16);
  const alpha = full.length === 8 ? channel(6) / 255 : 1;
  return [channel(0), channel(2), channel(4), Math.max(0, Math.min(alpha, 1))];
}
