import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { and, or, ValidationError, where } from '../src/index';
import {
  filterFieldNames,
  isFilter,
  queryFieldIssues,
  toListQuery,
  validateListQuery,
} from '../src/internal/index';

type Op = 'eq' | 'ne' | 'contains' | 'gt' | 'gte' | 'lt' | 'lte';
const SYMBOL: Record<Op, string> = {
  eq: '=',
  ne: '!=',
  contains: '~',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

/** A reader of the wire grammar: `field<op>'value'` joined by ' AND ' or ' OR ', every value quoted. */
const CONDITION = /^([A-Za-z_][A-Za-z0-9_]*)(!=|>=|<=|=|~|>|<|@)'([^']*)'$/;
function parse(filter: string): { joiner: 'AND' | 'OR' | undefined; conditions: [string, string, string][] } {
  const joiner = filter.includes("' AND ") ? 'AND' : filter.includes("' OR ") ? 'OR' : undefined;
  const parts = joiner
    ? filter.split(`' ${joiner} `).map((p, i, all) => (i < all.length - 1 ? `${p}'` : p))
    : [filter];
  return {
    joiner,
    conditions: parts.map((p) => {
      const m = CONDITION.exec(p);
      if (!m) throw new Error(`not a quoted condition: ${p}`);
      return [m[1] as string, m[2] as string, m[3] as string];
    }),
  };
}

const field = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,20}$/);
// Values that can be quoted safely: no quote, no control character, no ' AND '/' OR ' joiner inside.
const isControl = (c: string) => {
  const code = c.charCodeAt(0);
  return code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029;
};
const safeValue = fc
  .string({ maxLength: 40 })
  .filter((s) => !s.includes("'") && ![...s].some(isControl) && !/\s(AND|OR)\s/.test(s));
const op = fc.constantFrom<Op>('eq', 'ne', 'contains', 'gt', 'gte', 'lt', 'lte');

describe('where', () => {
  it('builds each operator', () => {
    expect(String(where.eq('status', 'active'))).toBe("status='active'");
    expect(String(where.ne('status', 'tobedeleted'))).toBe("status!='tobedeleted'");
    expect(String(where.contains('title', 'algebra'))).toBe("title~'algebra'");
    expect(String(where.gt('score', 5))).toBe("score>'5'");
    expect(String(where.gte('dateLastModified', new Date('2024-01-01T00:00:00Z')))).toBe(
      "dateLastModified>='2024-01-01T00:00:00.000Z'",
    );
    expect(String(where.lt('grade', '09'))).toBe("grade<'09'");
    expect(String(where.lte('active', true))).toBe("active<='true'");
    expect(String(where.in('grade', ['09', '10', 11]))).toBe("grade@'09,10,11'");
  });

  it('refuses values that cannot be quoted safely, naming the field', () => {
    const cases: [() => unknown, RegExp][] = [
      [() => where.eq('title', "O'Brien"), /filter\.title: value contains a single quote/],
      [() => where.eq('title', 'line\nbreak'), /filter\.title: value contains a control character/],
      [() => where.contains('title', 'x\u0000'), /control character/],
      [() => where.eq('title', "a' OR '1'='1"), /single quote/],
      [() => where.eq('title', 'Rock AND Roll'), /filter\.title: value contains ' AND ' or ' OR '/],
      [() => where.in('grade', ['09', '10,11']), /filter\.grade: value contains a comma/],
      [() => where.in('grade', []), /at least one value/],
      [() => where.gt('score', Number.NaN), /cannot compare with NaN/],
      [() => where.gt('when', new Date('nope')), /invalid Date/],
    ];
    for (const [build, message] of cases) {
      expect(build).toThrow(ValidationError);
      expect(build).toThrow(message);
    }
  });

  it('refuses field names that are not plain names', () => {
    expect(() => where.eq('course.title', 'x')).toThrow(/nested relations is unsupported/);
    expect(() => where.eq("title='x' OR a", 'x')).toThrow(ValidationError);
    expect(() => where.eq('', 'x')).toThrow(ValidationError);
  });

  it('property: a condition always reads back as its field, operator and value, quoted', () => {
    fc.assert(
      fc.property(field, op, safeValue, (f, o, v) => {
        const built = String(where[o](f, v));
        expect(parse(built)).toEqual({ joiner: undefined, conditions: [[f, SYMBOL[o], v]] });
      }),
    );
  });

  it('property: in-lists read back item by item', () => {
    fc.assert(
      fc.property(
        field,
        fc.array(
          safeValue.filter((s) => !s.includes(',')),
          { minLength: 1, maxLength: 8 },
        ),
        (f, values) => {
          const [[name, symbol, inner]] = parse(String(where.in(f, values))).conditions as [
            [string, string, string],
          ];
          expect([name, symbol]).toEqual([f, '@']);
          expect(inner.split(',')).toEqual(values);
        },
      ),
    );
  });

  it('property: any value is either refused or sent quoted and intact', () => {
    fc.assert(
      fc.property(field, op, fc.string({ maxLength: 30, unit: 'binary' }), (f, o, v) => {
        let built: string;
        try {
          built = String(where[o](f, v));
        } catch (e) {
          expect(e).toBeInstanceOf(ValidationError);
          return;
        }
        expect(parse(built).conditions).toEqual([[f, SYMBOL[o], v]]);
      }),
    );
  });
});

describe('and / or', () => {
  it('joins with AND and OR, flattening the same kind and skipping falsy parts', () => {
    const a = where.eq('status', 'active');
    const b = where.gt('dateLastModified', '2024-01-01');
    const c = where.eq('CFItemType', 'Standard');
    expect(String(and(a, b))).toBe("status='active' AND dateLastModified>'2024-01-01'");
    expect(String(and(and(a, b), c, false, undefined))).toBe(
      "status='active' AND dateLastModified>'2024-01-01' AND CFItemType='Standard'",
    );
    expect(String(or(a, or(b, c)))).toBe(
      "status='active' OR dateLastModified>'2024-01-01' OR CFItemType='Standard'",
    );
    expect(String(and(a))).toBe("status='active'");
    expect(isFilter(and(a, b))).toBe(true);
    expect(isFilter("status='active'")).toBe(false);
  });

  it('refuses mixing AND and OR, which the grammar cannot express', () => {
    const a = where.eq('a', '1');
    const b = where.eq('b', '2');
    expect(() => and(or(a, b), a)).toThrow(/cannot nest or\(\) inside and\(\)/);
    expect(() => or(and(a, b), a)).toThrow(/no parentheses/);
    expect(() => and()).toThrow(/at least one condition/);
    expect(() => and("a='1'" as never)).toThrow(/takes filters built with/);
  });

  it('property: combined filters read back as their conditions with one joiner', () => {
    const cond = fc.tuple(field, op, safeValue);
    fc.assert(
      fc.property(fc.array(cond, { minLength: 2, maxLength: 6 }), fc.boolean(), (conds, useAnd) => {
        const built = (useAnd ? and : or)(...conds.map(([f, o, v]) => where[o](f, v)));
        const parsed = parse(String(built));
        expect(parsed.joiner).toBe(useAnd ? 'AND' : 'OR');
        expect(parsed.conditions).toEqual(conds.map(([f, o, v]) => [f, SYMBOL[o], v]));
      }),
    );
  });
});

describe('list query', () => {
  it('serializes a valid query', () => {
    expect(
      toListQuery({
        limit: 3000,
        offset: 0,
        sort: 'title',
        orderBy: 'desc',
        filter: and(where.eq('status', 'active'), where.contains('title', 'math')),
        fields: ['sourcedId', 'title'],
        search: 'fractions',
      }),
    ).toEqual({
      limit: 3000,
      offset: 0,
      sort: 'title',
      orderBy: 'desc',
      filter: "status='active' AND title~'math'",
      fields: ['sourcedId', 'title'],
      search: 'fractions',
    });
    expect(toListQuery(undefined)).toEqual({});
    expect(toListQuery({ filter: "title~'x'" })).toEqual({ filter: "title~'x'" });
  });

  it.each([0, 3001, 1.5, -5, Number.NaN])('refuses limit %s, naming limit and the fix', (limit) => {
    expect(() => toListQuery({ limit })).toThrow(/limit: must be a whole number from 1 to 3000/);
    expect(validateListQuery({ limit })[0]?.path).toEqual(['limit']);
  });

  it('names every other bad field', () => {
    const issues = validateListQuery({
      offset: -1,
      orderBy: 'up',
      sort: 'a.b',
      fields: ['ok', 'not ok'],
      filter: '',
      limt: 10,
    });
    expect(issues.map((i) => i.path.join('.'))).toEqual([
      'limt',
      'offset',
      'sort',
      'orderBy',
      'filter',
      'fields.1',
    ]);
    expect(issues[0]?.message).toContain('did you mean limit?');
    expect(validateListQuery({ fields: [] })[0]?.message).toContain('non-empty array');
    expect(validateListQuery('limit=5')).toHaveLength(1);
  });
});

describe('filterFieldNames and queryFieldIssues', () => {
  it('reads the field of each condition, quoted values and all, or nothing from a text of another grammar', () => {
    expect(filterFieldNames("status='active' AND email~'@maple OR x'")).toEqual(['status', 'email']);
    expect(
      filterFieldNames(or(where.eq('role', 'student'), where.gte('dateLastModified', '2026-01-01'))),
    ).toEqual(['role', 'dateLastModified']);
    expect(filterFieldNames('score>=90')).toEqual(['score']);
    expect(filterFieldNames("status='active' AND")).toBeUndefined();
    expect(filterFieldNames('just words')).toBeUndefined();
  });

  it('names an unknown sort or filter field and the fields there are; leaves fields and malformed text alone', () => {
    const fields = ['sourcedId', 'status', 'title'];
    expect(queryFieldIssues({ sort: 'title', filter: "status='active'" }, fields, 'a class')).toEqual([]);
    expect(
      queryFieldIssues({ sort: 'colour', filter: "colour='red' AND colour='blue'" }, fields, 'a class'),
    ).toEqual([
      {
        path: ['sort'],
        message: '"colour" is not a field of a class; sort by one of sourcedId, status, title',
      },
      {
        path: ['filter'],
        message: 'names "colour", which is not a field of a class; filter on one of sourcedId, status, title',
      },
    ]);
    expect(queryFieldIssues({ fields: ['colour'], filter: 'not a filter' }, fields, 'a class')).toEqual([]);
    expect(queryFieldIssues(undefined, fields, 'a class')).toEqual([]);
  });
});
