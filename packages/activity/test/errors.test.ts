import * as core from '@learnkit/core';
import { LearnKitError, ValidationError } from '@learnkit/core';
import { describe, expect, test } from 'vitest';
import { assessmentEvent, envelope } from '../src/caliper/index';
import { parseLearnkitConfig } from '../src/config/index';
import * as server from '../src/server/index';
import { DEFAULT_ACTIVITY_DEDUPE_TTL_MS, toNodeListener } from '../src/server/index';

const catching = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
};

describe('errors of the configuration and Caliper builders are core ValidationErrors', () => {
  test('a bad learnkit.config.json member: a ValidationError (and LearnKitError) with its path and the fix', () => {
    const error = catching(() =>
      parseLearnkitConfig({
        sensor: 'https://app.example.com',
        app: { name: 'A' },
        courses: [{ subject: 'Math' }],
      }),
    ) as ValidationError;
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(LearnKitError);
    expect(error.issues).toEqual([
      {
        path: ['courses', 0, 'grade'],
        message: expect.stringMatching(/courses\[0\]\.grade is required when code is not given/),
      },
    ]);
  });

  test('a Caliper builder refusing its input: a ValidationError naming the member', () => {
    const action = catching(() =>
      assessmentEvent({
        action: 'Graded' as never,
        actor: 'https://x.test/u/1',
        object: { id: 'https://x.test/a', type: 'Assessment' },
      } as never),
    ) as ValidationError;
    expect(action).toBeInstanceOf(ValidationError);
    expect(action.issues[0]!.path).toEqual(['action']);
    const empty = catching(() => envelope({ sensor: 'https://x.test', events: [] })) as ValidationError;
    expect(empty).toBeInstanceOf(LearnKitError);
    expect(empty.issues[0]!.path).toEqual(['events']);
  });
});

describe('one name per concept in the server entry', () => {
  test("toNodeListener is core's, and the dedupe TTL has one name of its own", () => {
    expect(toNodeListener).toBe(core.toNodeListener);
    expect(DEFAULT_ACTIVITY_DEDUPE_TTL_MS).toBe(30 * 24 * 3_600_000);
    // The webhook handler's TTL has another value; the shared draft name went (docs/decisions.md#d-draft-names-no-aliases).
    expect(Object.keys(server)).not.toContain('DEFAULT_DEDUPE_TTL_MS');
  });
});
