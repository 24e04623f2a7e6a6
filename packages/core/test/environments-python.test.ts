// Python keeps a copy of ENVIRONMENTS (python/learnkit/_environments.py). This test holds the JSON fixture that the
// Python tests compare their copy with equal to the TypeScript table, so the two languages cannot drift apart
// (docs/decisions.md#d-environments). After a change to the table: write the fixture again from ENVIRONMENTS.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS } from '../src/internal/index';

const FIXTURE = fileURLToPath(new URL('../../../python/tests/support/environments.json', import.meta.url));

describe("Python's copy of ENVIRONMENTS", () => {
  it('python/tests/support/environments.json is the TypeScript table', () => {
    expect(JSON.parse(readFileSync(FIXTURE, 'utf8'))).toEqual(ENVIRONMENTS);
  });
});
