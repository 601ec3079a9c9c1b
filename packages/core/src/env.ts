import { SearchConfigError } from './errors.ts';
import type { Env } from './provider.ts';

// The one place configuration is parsed: every number has bounds, every error names its variable and
// quotes (a short, cleaned piece of) what it found, so a typo is a sentence at start-up, not a crash or a
// silent default later. Unset or blank means "use the default".

function rawValue(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

/** What the variable held, short and printable, for an error message. */
function quoted(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a value is quoted without its controls
  const printable = raw.replace(/[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g, '');
  return `"${printable.length > 40 ? `${printable.slice(0, 40)}…` : printable}"`;
}

export interface NumberBounds {
  min: number;
  max: number;
}

/** `raw` as a number of the wanted kind within `bounds`, or a configuration error naming `name`. */
function bounded(name: string, raw: string, { min, max }: NumberBounds, whole: boolean): number {
  const pattern = whole ? /^-?\d+$/ : /^-?(\d+\.?\d*|\.\d+)$/;
  if (!pattern.test(raw)) {
    throw new SearchConfigError(
      name,
      `expected ${whole ? 'a whole number' : 'a number'}, got ${quoted(raw)}`,
    );
  }
  const value = Number(raw);
  if (value < min || value > max) {
    throw new SearchConfigError(name, `must be between ${min} and ${max}, got ${quoted(raw)}`);
  }
  return value;
}

/** A whole number within `min..max`; `fallback` when unset. "0.5" or "1e3" are errors, not roundings. */
export function readInteger(env: Env, name: string, bounds: NumberBounds): number | undefined;
export function readInteger(env: Env, name: string, bounds: NumberBounds, fallback: number): number;
export function readInteger(
  env: Env,
  name: string,
  bounds: NumberBounds,
  fallback?: number,
): number | undefined {
  const raw = rawValue(env, name);
  return raw === undefined ? fallback : bounded(name, raw, bounds, true);
}

/** A decimal number within `min..max` (no exponents, no Infinity); `fallback` when unset. */
export function readNumber(env: Env, name: string, bounds: NumberBounds): number | undefined;
export function readNumber(env: Env, name: string, bounds: NumberBounds, fallback: number): number;
export function readNumber(
  env: Env,
  name: string,
  bounds: NumberBounds,
  fallback?: number,
): number | undefined {
  const raw = rawValue(env, name);
  return raw === undefined ? fallback : bounded(name, raw, bounds, false);
}

/** An absolute URL whose protocol is one of `protocols` (e.g. `['redis:', 'rediss:']`); undefined when unset. */
export function readUrl(env: Env, name: string, protocols: readonly string[]): URL | undefined {
  const raw = rawValue(env, name);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // The value may hold a password: it is not quoted.
    throw new SearchConfigError(name, `is not a valid URL (expected ${protocols.join('//… or ')}//…)`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new SearchConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return url;
}

/** One of `choices` (case-insensitive); `fallback` when unset. */
export function readChoice<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = rawValue(env, name);
  if (raw === undefined) return fallback;
  const value = choices.find((c) => c === raw.toLowerCase());
  if (value === undefined) {
    throw new SearchConfigError(name, `expected one of ${choices.join(', ')}, got ${quoted(raw)}`);
  }
  return value;
}

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

/** true/false, 1/0, yes/no, on/off; `fallback` when unset; anything else is an error. */
export function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = rawValue(env, name);
  if (raw === undefined) return fallback;
  const value = raw.toLowerCase();
  if (TRUE.includes(value)) return true;
  if (FALSE.includes(value)) return false;
  throw new SearchConfigError(name, `expected true or false, got ${quoted(raw)}`);
}
