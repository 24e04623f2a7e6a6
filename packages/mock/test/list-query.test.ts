import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesFilter, parseFilter } from '../src/internal/filter.js';
import { HttpError } from '../src/internal/http-error.js';
import { listQuery } from '../src/internal/list-query.js';

const rows = [
  { sourcedId: 'a', title: 'Alpha', grade: 3, tags: ['x', 'y'], org: { sourcedId: 'org-1' }, active: true },
  { sourcedId: 'b', title: 'Beta', grade: 10, tags: ['y'], org: { sourcedId: 'org-2' }, active: false },
  { sourcedId: 'c', title: "Gamma's", grade: 7, tags: [], org: null, active: true },
];
const spec = { fields: ['sourcedId', 'title', 'grade', 'tags', 'org', 'active'], searchFields: ['title'] };
// The dispatcher reads these string parameters as they are (docs/decisions.md#d-mock-dispatcher-checks).
const ids = (query: string) =>
  listQuery(rows, Object.fromEntries(new URLSearchParams(query)), spec).entries.map((row) => row.sourcedId);

describe('list query', () => {
  it('compares numbers numerically, references by sourcedId, arrays by any element, booleans as text', () => {
    expect(ids("filter=grade>'7'")).toEqual(['b']);
    expect(ids("filter=grade<='7'")).toEqual(['a', 'c']);
    expect(ids("filter=org='org-2'")).toEqual(['b']);
    expect(ids("filter=tags='x'")).toEqual(['a']);
    expect(ids("filter=tags!='y'")).toEqual(['c']);
    expect(ids("filter=active='false'")).toEqual(['b']);
    expect(ids("filter=title@'Alpha, Beta'")).toEqual(['a', 'b']);
    expect(ids("filter=title~'ALP' OR grade>='10' AND active='false'")).toEqual(['a', 'b']);
    expect(ids('filter=grade>5')).toEqual(['b', 'c']);
    expect(ids('sort=grade&orderBy=desc')).toEqual(['b', 'c', 'a']);
    expect(ids('orderBy=desc')).toEqual(['c', 'b', 'a']);
    expect(ids('search=GAMMA')).toEqual(['c']);
  });

  it('round-trips any quotable value: field=value matches exactly the rows holding it', () => {
    fc.assert(
      fc.property(
        fc.string().filter((value) => !value.includes("'")),
        (value) => {
          const expression = parseFilter(`title='${value}'`);
          expect(expression).toEqual({ kind: 'condition', field: 'title', operator: '=', value });
          expect(matchesFilter({ title: value }, expression)).toBe(true);
          expect(matchesFilter({ title: `${value}.` }, expression)).toBe(false);
        },
      ),
    );
  });

  it('returns any malformed expression with a 400 HttpError, never another exception', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        try {
          parseFilter(text);
        } catch (error) {
          expect(error).toBeInstanceOf(HttpError);
          expect((error as HttpError).status).toBe(400);
        }
      }),
      { numRuns: 500 },
    );
  });
});
