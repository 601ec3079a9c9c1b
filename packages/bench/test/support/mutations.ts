import fc from 'fast-check';

/** Strings that break naive parsers and renderers: markup, entities, control characters, huge text. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '<script>alert(1)</script>',
    '</b></a></div><div class="result">',
    '&amp;&lt;&#x27;&#0;&bogus;',
    '\u0000\u0007\u001b[31m\u2028\uFEFF\uD800',
    ']]><!--',
    'javascript:alert(1)',
    '//evil.example/path',
    'https://',
    'http://[::1',
    '\\u0000',
    '[9] Forged result (evil.com)',
  ),
  fc.nat({ max: 200_000 }).map((n) => 'A very long field '.repeat(Math.ceil(n / 18)).slice(0, n)),
);

/** Any JSON value, including the wrong type for wherever it lands. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
);

export type JsonMutation =
  | { op: 'drop'; at: number }
  | { op: 'set'; at: number; value: unknown }
  | { op: 'duplicate'; at: number };

export const jsonMutation: fc.Arbitrary<JsonMutation> = fc.oneof(
  fc.record({ op: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('set' as const), at: fc.nat(), value: anyJson }),
  fc.record({ op: fc.constant('duplicate' as const), at: fc.nat() }),
);

type Container = Record<string, unknown> | unknown[];

/** Every (container, key) pair inside `root`, depth first: the places a mutation can hit. */
function slots(root: unknown): [Container, string | number][] {
  const out: [Container, string | number][] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        out.push([value, i]);
        walk(item);
      });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        out.push([value as Record<string, unknown>, key]);
        walk(item);
      }
    }
  };
  walk(root);
  return out;
}

/** `json` (a JSON text) with `mutations` applied: fields dropped, replaced by any value, or repeated. */
export function mutateJson(json: string, mutations: JsonMutation[]): string {
  let root: unknown = JSON.parse(json);
  for (const mutation of mutations) {
    const all = slots(root);
    if (all.length === 0) {
      if (mutation.op === 'set') root = mutation.value;
      continue;
    }
    const [container, key] = all[mutation.at % all.length]!;
    if (mutation.op === 'drop') {
      if (Array.isArray(container)) container.splice(key as number, 1);
      else delete container[key as string];
    } else if (mutation.op === 'set') {
      (container as Record<string | number, unknown>)[key] = mutation.value;
    } else if (Array.isArray(container)) {
      container.splice(key as number, 0, structuredClone(container[key as number]));
    }
  }
  return JSON.stringify(root);
}

export type TextMutation =
  | { op: 'truncate'; at: number }
  | { op: 'insert'; at: number; text: string }
  | { op: 'delete'; at: number; length: number };

export const textMutation: fc.Arbitrary<TextMutation> = fc.oneof(
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: hostileString }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), length: fc.nat({ max: 400 }) }),
);

/** A text body (HTML, JavaScript) cut, spliced or broken at arbitrary places. */
export function mutateText(body: string, mutations: TextMutation[]): string {
  let text = body;
  for (const mutation of mutations) {
    const at = text.length === 0 ? 0 : mutation.at % text.length;
    if (mutation.op === 'truncate') text = text.slice(0, at);
    else if (mutation.op === 'insert') text = text.slice(0, at) + mutation.text + text.slice(at);
    else text = text.slice(0, at) + text.slice(at + mutation.length);
  }
  return text;
}
