import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../src/internal/body.js';

/** How many levels of arrays and objects a JSON value nests (a scalar: 0), walked without recursion. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, level] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    deepest = Math.max(deepest, level);
    for (const child of Object.values(node)) stack.push([child, level + 1]);
  }
  return deepest;
}

describe('the JSON depth scan (docs/decisions.md#d-mock-limits)', () => {
  it('agrees with the depth of the parsed value, whatever quotes, backslashes and brackets the strings hold', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({
          maxDepth: 8,
          stringUnit: fc.constantFrom('"', '\\', '[', ']', '{', '}', 'a', '\u00e9'),
        }),
        fc.nat(10),
        (value, max) => {
          expect(nestsDeeperThan(JSON.stringify(value), max)).toBe(depthOf(value) > max);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('counts 100,000 levels without recursion', () => {
    const text = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(nestsDeeperThan(text, 64)).toBe(true);
    expect(nestsDeeperThan(text, 100_000)).toBe(false);
  });
});
