import { describe, expect, it } from 'vitest';
import { JSON_SHAPE_LIMITS, JsonShapeError, jsonShapeExcess, parseBoundedJson } from './json-shape.ts';

describe('jsonShapeExcess: structure limits checked before parsing', () => {
  it('passes ordinary answers, whatever their strings hold', () => {
    const answer = {
      results: Array.from({ length: 50 }, (_, i) => ({ url: `https://a.example/${i}`, title: '[{,,}]' })),
      text: 'quotes \\" and \\\\" and brackets [[[[{{{{ ,,,, inside strings do not count',
    };
    expect(jsonShapeExcess(JSON.stringify(answer))).toBeUndefined();
    expect(jsonShapeExcess(JSON.stringify({ a: '\\', b: [1, 2] }))).toBeUndefined();
  });

  it('refuses nesting past the limit, and takes nesting up to it', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(jsonShapeExcess(nested(JSON_SHAPE_LIMITS.maxDepth))).toBeUndefined();
    expect(jsonShapeExcess(nested(JSON_SHAPE_LIMITS.maxDepth + 1))).toMatch(/nested deeper than 64/);
    expect(jsonShapeExcess(nested(10_000))).toMatch(/nested deeper than 64/);
    expect(jsonShapeExcess(`{"a":${'{"a":'.repeat(100)}1${'}'.repeat(101)}`)).toMatch(/nested/);
  });

  it('refuses more items than the limit, counted over every array and object', () => {
    const list = (n: number) => `[${Array.from({ length: n }, () => '0').join(',')}]`;
    expect(jsonShapeExcess(list(JSON_SHAPE_LIMITS.maxItems))).toBeUndefined();
    expect(jsonShapeExcess(list(JSON_SHAPE_LIMITS.maxItems + 2))).toMatch(/more than 50,000 items/);
    const annotations = Array.from({ length: 50_000 }, (_, i) => ({ type: 'url_citation', url: `u${i}` }));
    expect(jsonShapeExcess(JSON.stringify({ annotations }))).toMatch(/more than 50,000 items/);
  });

  it('leaves what is not JSON to JSON.parse', () => {
    expect(jsonShapeExcess('"unterminated')).toBeUndefined();
    expect(() => parseBoundedJson('"unterminated')).toThrow(SyntaxError);
    expect(() => parseBoundedJson('['.repeat(100))).toThrow(JsonShapeError);
    expect(parseBoundedJson('{"a":[1,{"b":"]"}]}')).toEqual({ a: [1, { b: ']' }] });
  });
});
