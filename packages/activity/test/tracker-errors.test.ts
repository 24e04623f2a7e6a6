import { inspect } from 'node:util';
// @vitest-environment happy-dom
// Every error the browser tracker throws or hands to onError is a LearnKitError of core, as on the server: a
// ValidationError for bad arguments, an ActivitySendError for a send, a plain LearnKitError for misuse
// (docs/decisions.md#d-tracker-errors-branded).
import { isLearnKitError, LearnKitError, ValidationError } from '@learnkit/core';
import { describe, expect, test, vi } from 'vitest';
import { ActivitySendError, createActivityTracker } from '../src/index';
import { LESSON, setupPage } from './helpers/setup';

const thrown = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
};
const rejection = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error('did not reject');
    },
    (error: unknown) => error,
  );
// What `instanceof` of another copy of @learnkit/core checks: the registered symbol of the class.
const branded = (error: unknown, name: string) =>
  (error as Record<symbol, unknown>)[Symbol.for(`learnkit.error.${name}`)] === true;

/** A ValidationError of core (a LearnKitError, across copies too) with these issue paths. */
function expectValidation(error: unknown, paths: (string | number)[][]): ValidationError {
  expect(error).toBeInstanceOf(ValidationError);
  expect(error).toBeInstanceOf(LearnKitError);
  expect(isLearnKitError(error)).toBe(true);
  expect(branded(error, 'LearnKitError') && branded(error, 'ValidationError')).toBe(true);
  // Still the TypeError it always was, for catch blocks written against it.
  expect(error).toBeInstanceOf(TypeError);
  const { issues } = error as ValidationError;
  expect(issues.map((i) => i.path)).toEqual(paths);
  return error as ValidationError;
}

/** A LearnKitError of core for misuse: not a ValidationError (the arguments were fine, the moment was not). */
function expectMisuse(error: unknown, message: RegExp): void {
  expect(error).toBeInstanceOf(LearnKitError);
  expect(isLearnKitError(error)).toBe(true);
  expect(branded(error, 'LearnKitError')).toBe(true);
  expect(error).not.toBeInstanceOf(ValidationError);
  expect((error as Error).message).toMatch(message);
}

describe('bad arguments are ValidationErrors naming the bad field and the fix', () => {
  test('activity.start({}): a ValidationError naming the first missing field, id, and what it must be', () => {
    const page = setupPage();
    const error = expectValidation(
      thrown(() => page.tracker.start({} as never)),
      [['id']],
    );
    expect(error.message).toBe('activity.start: id must be a URL-safe slug of A-Za-z0-9._~-, got undefined');
    expect(error.issues[0]!.message).toBe(error.message);
    // The checks stop at the first bad argument (docs/decisions.md#d-tracker-errors-branded): then name, then course.
    expectValidation(
      thrown(() => page.tracker.start({ id: 'fractions-1' } as never)),
      [['name']],
    );
    const course = expectValidation(
      thrown(() => page.tracker.start({ id: 'fractions-1', name: 'Fractions 1' } as never)),
      [['course']],
    );
    expect(course.message).toBe(
      'activity.start: course undefined is not in the configured courses: Math grade 3, code "ALG-1"',
    );
    expect(page.tracker.current).toBeNull();
  });

  test('start: a bad runId and a bad time option', () => {
    const page = setupPage();
    expectValidation(
      thrown(() => page.start({ runId: '' })),
      [['runId']],
    );
    const time = expectValidation(
      thrown(() => page.start({ time: { flushIntervalMs: 0 } })),
      [['time', 'flushIntervalMs']],
    );
    expect(time.message).toMatch(/time\.flushIntervalMs must be a number > 0, got 0/);
  });

  test('configure: a missing endpoint, then missing courses', () => {
    const endpoint = expectValidation(
      thrown(() => createActivityTracker().configure({ endpoint: '', courses: [] })),
      [['endpoint']],
    );
    expect(endpoint.message).toBe('activity.configure: endpoint must be a URL, got ""');
    const courses = expectValidation(
      thrown(() => createActivityTracker().configure({ endpoint: '/api/activity', courses: [] })),
      [['courses']],
    );
    expect(courses.message).toBe('activity.configure: courses must be a non-empty array, got []');
  });

  test('end(data): bad completion data, and data.time with time: false', async () => {
    const page = setupPage();
    const run = page.start();
    const data = expectValidation(await rejection(run.end({ xpEarned: -1 })), [['xpEarned']]);
    expect(data.message).toMatch(/xpEarned must be a number >= 0, got -1/);
    expectValidation(await rejection(run.end({ xpEarned: 1, totalQuestions: 5 } as never)), [[]]);
    await run.end();
    const untimed = page.start({ time: false });
    expectValidation(await rejection(untimed.end({ xpEarned: 1, time: { active: 1, inactive: 0 } })), [
      ['time'],
    ]);
  });
});

describe('a password shaped like userinfo never reaches a message of the browser entry (issue 33, item 1)', () => {
  test('an id, a course and a time option quoting user:password@ are refused without the password', () => {
    const page = setupPage();
    const refusals = [
      thrown(() =>
        page.tracker.start({ id: 'https//user:pa55word@example.test', name: 'x', course: {} } as never),
      ),
      thrown(() =>
        page.tracker.start({ id: 'fractions-1', name: 'x', course: { code: 'ftp:/u:pa55word@h' } } as never),
      ),
      thrown(() =>
        page.tracker.start({
          id: 'fractions-1',
          name: 'x',
          course: { subject: 'Math', grade: 3 },
          time: { flushIntervalMs: 'user:pa55word@example.test' },
        } as never),
      ),
    ];
    for (const error of refusals) {
      expect(error).toBeInstanceOf(ValidationError);
      const texts = [
        (error as Error).message,
        String((error as Error).stack),
        JSON.stringify(error),
        inspect(error),
      ];
      for (const text of texts) expect(text).not.toContain('pa55word');
      expect((error as Error).message).toContain('[redacted]@');
    }
  });
});

describe('misuse is a LearnKitError', () => {
  test('start before configure', () => {
    expectMisuse(
      thrown(() => createActivityTracker().start(LESSON)),
      /call activity\.configure\(\{ endpoint, courses \}\) first/,
    );
  });

  test('one activity at a time: start, and configure, while one runs', () => {
    const page = setupPage();
    page.start();
    expectMisuse(
      thrown(() => page.start({ id: 'other' })),
      /^activity\.start: "fractions-1" is still running; end\(\) it before starting "other"$/,
    );
    expectMisuse(
      thrown(() => page.tracker.configure({ endpoint: '/x', courses: [{ code: 'A', subject: 'Math' }] })),
      /^activity\.configure: "fractions-1" is running; end\(\) it first$/,
    );
  });

  test('end() after end()', async () => {
    const page = setupPage();
    const run = page.start();
    await run.end();
    expectMisuse(await rejection(run.end()), /activity "fractions-1" has already ended/);
  });
});

describe('a failed send hands onError an ActivitySendError, a LearnKitError', () => {
  test('a time window the network failed, and a completion the endpoint refused', async () => {
    const page = setupPage();
    const onError = vi.fn();
    const run = page.start({ onError });
    page.server.mode = 'network';
    await page.advance(15_000);
    page.server.mode = 503;
    const ending = rejection(run.end({ xpEarned: 1 }));
    await page.advance(0);
    const failure = await ending;
    // The heartbeat's window (network), the window and the completion of end() (503 both).
    expect(onError.mock.calls.map(([, context]) => context.type)).toEqual([
      'timeSpent',
      'timeSpent',
      'completion',
    ]);
    const errors = onError.mock.calls.map(([error]) => error);
    for (const error of errors) {
      expect(error).toBeInstanceOf(ActivitySendError);
      expect(error).toBeInstanceOf(LearnKitError);
      expect(branded(error, 'LearnKitError')).toBe(true);
      expect(error).not.toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ name: 'ActivitySendError' });
    }
    const [timeSpent, , completion] = errors;
    expect(completion).toBe(failure);
    expect(timeSpent).toMatchObject({ status: undefined, message: 'activity: POST /api/activity failed' });
    expect(completion).toMatchObject({
      status: 503,
      message: 'activity: POST /api/activity returned 503',
    });
  });
});
