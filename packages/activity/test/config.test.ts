import { readFileSync } from 'node:fs';
import { inspect } from 'node:util';
import { expectNoPassword, withUserinfo } from '@learnkit/test-utils/userinfo';
import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { redactUserinfo as coreRedactUserinfo } from '../../core/src/internal/userinfo';
import {
  courseName,
  describeCourse,
  findCourse,
  normalizeCourses,
  parseLearnkitConfig,
} from '../src/config/index';
import { redactUserinfo } from '../src/userinfo';

const schema = JSON.parse(readFileSync(new URL('../learnkit.config.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv2020({ strict: true, strictRequired: false, allErrors: true }).compile(schema);

const good = {
  $schema: './node_modules/@learnkit/activity/learnkit.config.schema.json',
  sensor: 'https://app.example.com/',
  app: { name: 'Fractions App', id: 'app-1' },
  courses: [
    { subject: 'Math', grade: 3, courseId: 'c-math-3', totalLessons: 40 },
    { code: 'ALG-1', subject: 'Math', name: 'Algebra 1' },
    { subject: 'Reading', grade: 'K' },
  ],
};

describe('parseLearnkitConfig', () => {
  test('returns the typed configuration, without a trailing slash on the sensor and without $schema', () => {
    const config = parseLearnkitConfig(good);
    expect(config).toEqual({
      sensor: 'https://app.example.com',
      app: { name: 'Fractions App', id: 'app-1' },
      courses: good.courses,
    });
    expect(validate(good)).toBe(true);
  });

  const bad: [string, unknown, RegExp][] = [
    ['not an object', 'x', /must be an object/],
    ['sensor missing', { ...good, sensor: undefined }, /sensor must be an http\(s\) URL/],
    ['sensor not http', { ...good, sensor: 'ftp://x' }, /sensor/],
    ['app.name missing', { ...good, app: {} }, /app\.name/],
    ['app.id empty', { ...good, app: { name: 'A', id: '' } }, /app\.id/],
    ['no courses', { ...good, courses: [] }, /courses must be a non-empty array/],
    ['course without subject', { ...good, courses: [{ grade: 3 }] }, /courses\[0\]\.subject/],
    [
      'course without code or grade',
      { ...good, courses: [{ subject: 'Math' }] },
      /courses\[0\]\.grade is required/,
    ],
    ['grade not integer', { ...good, courses: [{ subject: 'Math', grade: 3.5 }] }, /courses\[0\]\.grade/],
    [
      'totalLessons 0',
      { ...good, courses: [{ subject: 'Math', grade: 3, totalLessons: 0 }] },
      /totalLessons/,
    ],
    ['courseId blank', { ...good, courses: [{ subject: 'Math', grade: 3, courseId: ' ' }] }, /courseId/],
    ['code not string', { ...good, courses: [{ subject: 'Math', code: 7 }] }, /courses\[0\]\.code/],
    ['name empty', { ...good, courses: [{ subject: 'Math', grade: 1, name: '' }] }, /courses\[0\]\.name/],
  ];
  test.each(bad)('refuses %s, naming the field, as the JSON Schema does', (_, input, message) => {
    expect(() => parseLearnkitConfig(input)).toThrow(message);
    expect(validate(input)).toBe(false);
  });

  test('refuses two courses with the same code or the same subject and grade (beyond the schema)', () => {
    const twice = {
      ...good,
      courses: [
        { subject: 'Math', grade: 3 },
        { subject: 'Math', grade: '3' },
      ],
    };
    expect(() => parseLearnkitConfig(twice)).toThrow(/courses\[1\] repeats the course Math grade 3/);
    const codes = {
      ...good,
      courses: [
        { subject: 'Math', code: 'A' },
        { subject: 'Reading', code: 'A' },
      ],
    };
    expect(() => parseLearnkitConfig(codes)).toThrow(/repeats the course code "A"/);
  });

  test('ignores unknown members (forward compatible) where the schema flags them for editors', () => {
    const extra = { ...good, future: true, courses: [{ subject: 'Math', grade: 3, color: 'red' }] };
    expect(parseLearnkitConfig(extra).courses).toEqual([{ subject: 'Math', grade: 3 }]);
    expect(validate(extra)).toBe(false);
  });
});

describe('courses', () => {
  const courses = normalizeCourses(good.courses);

  test('findCourse matches by code, or by subject and grade (grade compared as text)', () => {
    expect(findCourse(courses, { code: 'ALG-1' })?.name).toBe('Algebra 1');
    expect(findCourse(courses, { subject: 'Math', grade: 3 })?.courseId).toBe('c-math-3');
    expect(findCourse(courses, { subject: 'Math', grade: '3' })?.courseId).toBe('c-math-3');
    expect(findCourse(courses, { subject: 'Reading', grade: 'K' })).toBeDefined();
    expect(findCourse(courses, { subject: 'Math', grade: 4 })).toBeUndefined();
    expect(findCourse(courses, { subject: 'math', grade: 3 })).toBeUndefined();
    expect(findCourse(courses, { code: 'ALG-2' })).toBeUndefined();
    expect(findCourse(courses, {} as never)).toBeUndefined();
  });

  test('describeCourse and courseName', () => {
    expect(courses.map(describeCourse)).toEqual(['Math grade 3', 'code "ALG-1"', 'Reading grade K']);
    expect(courses.map(courseName)).toEqual(['Grade 3 Math', 'Algebra 1', 'Grade K Reading']);
    expect(courseName({ code: 'X-1', subject: 'Math' })).toBe('X-1');
  });
});

// The refusals shared with the Python package's tests (python/tests/test_config.py): both give these paths and
// messages for the same files (docs/decisions.md#d-config-file).
const SHARED_REFUSALS = JSON.parse(
  readFileSync(new URL('./fixtures/config-errors.json', import.meta.url), 'utf8'),
) as { cases: { name: string; config: unknown; path: (string | number)[]; message: string }[] };

describe('the refusals shared with the Python package', () => {
  test.each(SHARED_REFUSALS.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    let issue: { path: (string | number)[]; message: string } | undefined;
    try {
      parseLearnkitConfig(c.config);
    } catch (error) {
      issue = (error as { issues: { path: (string | number)[]; message: string }[] }).issues[0];
    }
    expect(issue).toEqual({ path: c.path, message: c.message });
  });
});

// Issue 33, item 1: a refused value shaped like userinfo is shown without its password, by this package's copy of
// core's rule (docs/decisions.md#d-userinfo-rule-vectors).
describe('a password shaped like userinfo in the configuration', () => {
  const USERINFO = JSON.parse(
    readFileSync(new URL('../../core/test/fixtures/userinfo.json', import.meta.url), 'utf8'),
  ) as { redacted: [string, string][]; unchanged: string[] };

  test("the package's copy gives core's vectors", () => {
    for (const [text, expected] of USERINFO.redacted) expect(redactUserinfo(text)).toBe(expected);
    for (const text of USERINFO.unchanged) expect(redactUserinfo(text)).toBe(text);
  });

  test("property: the package's copy gives what core's rule gives, on any text", () => {
    const text = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'ab:/@%34AF0?#[] "'.split('')), maxLength: 40 }),
      withUserinfo.map(({ value }) => `got ${value}; and ${value}`),
      fc.string(),
    );
    fc.assert(
      fc.property(text, (t) => {
        expect(redactUserinfo(t)).toBe(coreRedactUserinfo(t));
      }),
      { numRuns: 2000 },
    );
  });

  test('property: a sensor, an app or a grade with userinfo is refused without its password', () => {
    const where = fc.constantFrom<(value: string) => unknown>(
      (value) => ({ ...good, sensor: value.startsWith('https://') ? `ftp${value.slice(5)}` : value }),
      (value) => ({ ...good, app: value }),
      // A grade is refused beyond 16 characters.
      (value) => ({ ...good, courses: [{ subject: 'Math', grade: `grade ${value}` }] }),
    );
    fc.assert(
      fc.property(withUserinfo, where, ({ value, password }, config) => {
        let error: unknown;
        try {
          parseLearnkitConfig(config(value));
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(TypeError);
        const e = error as Error & { issues: unknown[] };
        for (const text of [e.message, String(e.stack), String(e), JSON.stringify(e.issues), inspect(e)])
          expectNoPassword(text, password);
      }),
      { numRuns: 300 },
    );
  });
});
