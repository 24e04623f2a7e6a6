import { describe, expect, test } from 'vitest';
import { checkCompletion, completionProblem } from '../src/completion';
import { type ActivityBatch, MAX_BATCH_EVENTS, messageProblem, parseActivityBatch } from '../src/protocol';

const activity = { id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } };
const window = {
  activeMs: 15000,
  inactiveMs: 2000,
  startedAt: '2026-01-05T10:00:00.000Z',
  endedAt: '2026-01-05T10:00:17.000Z',
};
const timeSpent = {
  kind: 'timeSpent',
  id: 'urn:uuid:3f0c6a5e-2b1d-4c8e-9a7f-1d2e3f4a5b6c',
  runId: '0b7e6d5c-4f3a-4b2c-9d1e-8f7a6b5c4d3e',
  activity,
  window,
} as const;
const completion = {
  kind: 'completion',
  id: 'urn:uuid:7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d',
  runId: timeSpent.runId,
  activity: { ...activity, course: { code: 'ALG-1' } },
  at: '2026-01-05T10:05:00.000Z',
  completion: { xpEarned: 5, totalQuestions: 10, correctQuestions: 7, masteredUnits: 1, pctComplete: 40 },
} as const;

describe('parseActivityBatch', () => {
  test('accepts a batch of time windows and completions', () => {
    const body: ActivityBatch = { v: 1, events: [timeSpent, completion] };
    expect(parseActivityBatch(JSON.parse(JSON.stringify(body)))).toEqual({ ok: true, value: body });
  });

  test('refuses a body that is not { v: 1, events }', () => {
    for (const body of [null, [], { v: 2, events: [timeSpent] }, { events: [timeSpent] }])
      expect(parseActivityBatch(body)).toEqual({
        ok: false,
        errors: ['body must be { v: 1, events: [...] }'],
      });
    for (const events of [[], undefined, Array(MAX_BATCH_EVENTS + 1).fill(timeSpent)])
      expect(parseActivityBatch({ v: 1, events }).ok).toBe(false);
  });

  const broken: [string, unknown, RegExp][] = [
    ['an id that is not urn:uuid', { ...timeSpent, id: 'abc' }, /\.id must be urn:uuid/],
    ['a blank runId', { ...timeSpent, runId: ' ' }, /runId/],
    [
      'an activity id that is not URL-safe',
      { ...timeSpent, activity: { ...activity, id: 'a b' } },
      /activity\.id/,
    ],
    ['no activity name', { ...timeSpent, activity: { ...activity, name: '' } }, /activity\.name/],
    [
      'a course without grade',
      { ...timeSpent, activity: { ...activity, course: { subject: 'Math' } } },
      /course/,
    ],
    ['negative active ms', { ...timeSpent, window: { ...window, activeMs: -1 } }, /activeMs/],
    [
      'a date without zone',
      { ...timeSpent, window: { ...window, endedAt: '2026-01-05T10:00:17' } },
      /endedAt/,
    ],
    ['an unknown kind', { ...timeSpent, kind: 'other' }, /kind must be/],
    ['a completion without time', { ...completion, at: 'yesterday' }, /\.at must be/],
    ['a completion without xpEarned', { ...completion, completion: {} }, /completion: xpEarned/],
  ];
  test.each(broken)('refuses %s, naming the field', (_, event, message) => {
    const result = parseActivityBatch({ v: 1, events: [timeSpent, event] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.join('\n')).toMatch(message);
    expect(messageProblem(event)).toMatch(message);
  });
});

describe('completion data', () => {
  test.each([
    [{ xpEarned: 0 }],
    [{ xpEarned: 12.5, totalQuestions: 10, correctQuestions: 10 }],
    [{ xpEarned: 1, masteredUnits: 0, pctComplete: 100 }],
    [{ xpEarned: 1, time: { active: 60000, inactive: 0 } }],
  ])('accepts %j', (data) => {
    expect(() => checkCompletion(data)).not.toThrow();
  });

  test.each([
    [undefined, /completion data must be an object/],
    [{}, /xpEarned must be a number >= 0, got undefined/],
    [{ xpEarned: '3' }, /xpEarned must be a number >= 0, got "3"/],
    [{ xpEarned: -1 }, /xpEarned/],
    [{ xpEarned: Number.NaN }, /xpEarned/],
    [{ xpEarned: 1, totalQuestions: 3 }, /totalQuestions and correctQuestions must be given together/],
    [{ xpEarned: 1, correctQuestions: 3 }, /given together/],
    [{ xpEarned: 1, totalQuestions: 2.5, correctQuestions: 1 }, /totalQuestions must be an integer >= 0/],
    [
      { xpEarned: 1, totalQuestions: 3, correctQuestions: 4 },
      /correctQuestions must be an integer from 0 to 3, got 4/,
    ],
    [{ xpEarned: 1, masteredUnits: -2 }, /masteredUnits must be an integer >= 0/],
    [{ xpEarned: 1, pctComplete: 101 }, /pctComplete must be a number from 0 to 100, got 101/],
    [{ xpEarned: 1, pctComplete: -0.5 }, /pctComplete/],
    [{ xpEarned: 1, time: { active: 1 } }, /time must be \{ active, inactive \}/],
    [{ xpEarned: 1, time: 5 }, /time must be/],
  ])('refuses %j, naming the field', (data, message) => {
    expect(() => checkCompletion(data)).toThrow(TypeError);
    expect(() => checkCompletion(data)).toThrow(message);
  });

  test('completionProblem gives the bad field and a message naming where the data is', () => {
    expect(completionProblem({ xpEarned: 'x' }, 'events[2].completion')).toEqual([
      ['xpEarned'],
      'events[2].completion: xpEarned must be a number >= 0, got "x"',
    ]);
    expect(completionProblem({ xpEarned: 1, totalQuestions: 2 })).toEqual([
      [],
      'completion data: totalQuestions and correctQuestions must be given together',
    ]);
    expect(completionProblem({ xpEarned: 1 })).toBeUndefined();
  });
});
