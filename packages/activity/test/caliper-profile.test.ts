// The platform's Caliper profile as openapi/platform.yaml describes it (TimebackProfile), checked with Ajv: every
// event the builders make is valid against it, and the shared rules (caliper/rules) agree with its schemas.

import Ajv2020 from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { platformSchemas } from '../../platform/src/generated/json-schemas';
import {
  activityCompletedEvent,
  activityUrl,
  caliperEventFromMessage,
  caliperEventIssues,
  timeSpentEvent,
} from '../src/caliper/index';
import type { CourseConfig, CourseRef } from '../src/config/types';
import { newEventId } from '../src/uuid';

// ajv-formats is CommonJS with a default export; under this interop the function may sit on `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema({ $id: 'https://learnkit.test/platform', $defs: platformSchemas });
const schemaOf = (name: string) => ajv.getSchema(`https://learnkit.test/platform#/$defs/${name}`)!;
const PROFILE_SCHEMAS = {
  TimeSpentEvent: schemaOf('CaliperTimeSpentEvent'),
  ActivityEvent: schemaOf('CaliperActivityCompletedEvent'),
};

/** The profile schema's verdict on an event of the profile: the Ajv errors (empty when valid). */
function profileErrors(event: { type: string }) {
  const validate =
    PROFILE_SCHEMAS[event.type as keyof typeof PROFILE_SCHEMAS] ?? PROFILE_SCHEMAS.TimeSpentEvent;
  return validate(event) ? [] : (validate.errors ?? []);
}

const slug = fc.stringMatching(/^[A-Za-z0-9._~-]{1,40}$/);
const text = fc.string({ minLength: 1, maxLength: 30 });
const course: fc.Arbitrary<CourseConfig> = fc.oneof(
  fc.record(
    {
      subject: fc.constantFrom('Math', 'Reading', 'Social Studies', 'Science', 'Art & Design'),
      grade: fc.oneof(fc.integer({ min: -1, max: 13 }), fc.constantFrom('K', 'PK')),
      courseId: slug,
      name: text,
    },
    { requiredKeys: ['subject', 'grade'] },
  ),
  fc.record(
    { code: slug, subject: fc.constantFrom('Math', 'Reading'), courseId: slug },
    { requiredKeys: ['code', 'subject'] },
  ),
);
const profileInput = fc.record({
  sensor: fc.constantFrom('https://app.example.com', 'https://school.example.org/apps/fractions/'),
  actor: fc.record(
    {
      id: fc.constant('https://api.example.com/rostering/1.0/users/u-1'),
      email: fc.constant('ada@example.com'),
      name: text,
      role: fc.constantFrom('student', 'teacher'),
    },
    { requiredKeys: ['id', 'email'] },
  ),
  app: fc.record({ name: text, id: slug }, { requiredKeys: ['name'] }),
  course,
  activity: fc.record({ id: slug, name: text }),
  runId: fc.uuid(),
});
const window = fc
  .record({
    start: fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }),
    activeMs: fc.integer({ min: 0, max: 3_600_000 }),
    inactiveMs: fc.integer({ min: 0, max: 3_600_000 }),
  })
  .map(({ start, activeMs, inactiveMs }) => ({
    activeMs,
    inactiveMs,
    startedAt: new Date(start).toISOString(),
    endedAt: new Date(start + activeMs + inactiveMs).toISOString(),
  }));
const metrics = fc.record(
  {
    xpEarned: fc.integer({ min: 0, max: 500 }),
    totalQuestions: fc.constant(10),
    correctQuestions: fc.integer({ min: 0, max: 10 }),
    masteredUnits: fc.integer({ min: 0, max: 5 }),
    pctComplete: fc.integer({ min: 0, max: 100 }),
  },
  { requiredKeys: ['xpEarned'] },
);

describe("the platform's Caliper profile (openapi/platform.yaml, validated with Ajv)", () => {
  test('every TimeSpentEvent and completion the builders make is valid against the profile schemas', () => {
    fc.assert(
      fc.property(profileInput, window, metrics, (input, w, m) => {
        const built = [
          timeSpentEvent({ ...input, window: w }),
          activityCompletedEvent({ ...input, metrics: m }),
          caliperEventFromMessage(
            {
              kind: 'timeSpent',
              id: newEventId(),
              runId: input.runId,
              activity: { ...input.activity, course: input.course as CourseRef },
              window: w,
            },
            input,
          ),
        ];
        for (const event of built) {
          expect(profileErrors(event)).toEqual([]);
          expect(caliperEventIssues(event)).toEqual([]);
        }
      }),
    );
  });

  test("object.activity.id is the activity's absolute URL, as object.id, never the slug", () => {
    const course = { subject: 'Math', grade: 3 };
    const event = activityCompletedEvent({
      sensor: 'https://app.example.com',
      actor: { id: 'https://api.example.com/rostering/1.0/users/u-1', email: 'ada@example.com' },
      app: { name: 'Fractions App' },
      course,
      activity: { id: 'fractions-1', name: 'Fractions 1' },
      runId: '0b7e6d5c-4f3a-4b2c-9d1e-8f7a6b5c4d3e',
      metrics: { xpEarned: 3 },
    });
    expect(event.object.activity).toEqual({
      id: activityUrl('https://app.example.com', course, 'fractions-1'),
      name: 'Fractions 1',
    });
    expect(event.object.activity.id).toBe(event.object.id);
    // The slug the builders once sent is what the profile refuses.
    const withSlug = {
      ...event,
      object: { ...event.object, activity: { id: 'fractions-1', name: 'Fractions 1' } },
    };
    expect(profileErrors(withSlug).map((e) => e.instancePath)).toEqual(['/object/activity/id']);
    expect(caliperEventIssues(withSlug).map((i) => i.path.join('.'))).toEqual(['object.activity.id']);
  });

  test('the shared rules and the profile schemas give the same verdict on any change to a profile event', () => {
    const values = fc.constantFrom<unknown>(
      '',
      'x',
      'fractions-1',
      'https://app.example.com/x',
      'urn:uuid:0b7e6d5c-4f3a-4b2c-9d1e-8f7a6b5c4d3e',
      '2026-01-05T10:15:30Z',
      'yesterday',
      'TimebackProfile',
      'SpentTime',
      'active',
      -1,
      0,
      42,
      101,
      null,
      true,
      {},
      [],
      [{}],
    );
    /** Every path to a member of `value` (objects and arrays), shortest first. */
    const paths = (value: unknown, at: (string | number)[] = []): (string | number)[][] =>
      value !== null && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, inner]) => {
            const here = [...at, Array.isArray(value) ? Number(key) : key];
            return [here, ...paths(inner, here)];
          })
        : [];
    const change = fc.tuple(fc.nat(), fc.constantFrom('set', 'delete', 'add'), values);
    fc.assert(
      fc.property(
        profileInput,
        window,
        metrics,
        fc.boolean(),
        fc.array(change, { minLength: 1, maxLength: 3 }),
        (input, w, m, time, changes) => {
          const event: Record<string, unknown> = structuredClone(
            time ? timeSpentEvent({ ...input, window: w }) : activityCompletedEvent({ ...input, metrics: m }),
          ) as never;
          for (const [pick, kind, value] of changes) {
            const all = paths(event);
            const path = all[pick % all.length]!;
            let parent = event as Record<string | number, unknown>;
            for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
            const last = path.at(-1)!;
            if (kind === 'set') parent[last] = structuredClone(value);
            else if (kind === 'delete' && !Array.isArray(parent)) delete parent[last];
            else if (!Array.isArray(parent)) parent.unexpected = structuredClone(value);
          }
          const rules = caliperEventIssues(event).length === 0;
          const schema = profileErrors(event as { type: string }).length === 0;
          expect(rules, JSON.stringify(event)).toBe(schema);
        },
      ),
      { numRuns: 300 },
    );
  });
});
