import { describe, expect, it } from 'vitest';
import { bodyShapeProblem, MAX_BODY_DEPTH, MAX_BODY_ITEMS, TOO_DEEP, TOO_MANY_ITEMS } from '../../src/server/core/http/json-body.js';

/** The JSON body's shape read off its text (src/server/core/http/json-body.ts): the key that holds the problem, or none. */
describe('a JSON body read off its text', () => {
  const lists = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  const numbers = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => i));

  it('names the top-level key holding a value nested too deep, or _ for the body itself', () => {
    expect(bodyShapeProblem(`{"state":${lists(10_000)}}`)).toEqual({ state: [TOO_DEEP] });
    expect(bodyShapeProblem(lists(10_000))).toEqual({ _: [TOO_DEEP] });
    expect(bodyShapeProblem(`{"a":{"b":${lists(MAX_BODY_DEPTH - 1)}}}`)).toEqual({ a: [TOO_DEEP] });
    expect(bodyShapeProblem(`{"a":${lists(MAX_BODY_DEPTH - 1)}}`)).toBeNull();
    // A key written with escapes is the key it reads as; one after a string holding a quote is still found.
    expect(bodyShapeProblem(`{"x":"[[[[","st\\u0061te":${lists(40)}}`)).toEqual({ state: [TOO_DEEP] });
    expect(bodyShapeProblem(`{"a":"x\\"","b":${lists(40)}}`)).toEqual({ b: [TOO_DEEP] });
  });

  it('names the key holding a list past the items a body may have, wherever it nests', () => {
    expect(bodyShapeProblem(`{"ids":${numbers(MAX_BODY_ITEMS)}}`)).toBeNull();
    expect(bodyShapeProblem(`{"ids":${numbers(MAX_BODY_ITEMS + 1)}}`)).toEqual({ ids: [TOO_MANY_ITEMS] });
    expect(bodyShapeProblem(`{"a":1,"rows":[{"ids":${numbers(100_000)}}]}`)).toEqual({ rows: [TOO_MANY_ITEMS] });
    expect(bodyShapeProblem(numbers(MAX_BODY_ITEMS + 1))).toEqual({ _: [TOO_MANY_ITEMS] });
  });

  it('counts nothing inside strings', () => {
    expect(bodyShapeProblem(`{"s":"${'[{,'.repeat(MAX_BODY_ITEMS + 100)}"}`)).toBeNull();
    expect(bodyShapeProblem('{"a":[{"k":1},{"k":2}],"b":[1,2]}')).toBeNull();
  });
});
