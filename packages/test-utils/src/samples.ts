// Sample inputs more than one check sends: plain data, no imports, so scripts that run the packed packages
// (scripts/runtimes/run.ts) can take them by path too (docs/decisions.md#d-one-test-harness).

/** The student a sample is about, as the mock's fixtures give it (`platform.fixtures.roster.student`). */
export interface SampleStudent {
  sourcedId: string;
  email: string;
}

/**
 * The input of `timeSpentEvent` for 30 active seconds of `student` in a Math grade 3 activity, on the platform at
 * `baseUrl`; the caller adds a fresh `runId`, so each send is a new event.
 *
 * @example
 * const event = timeSpentEvent({ ...timeSpentInput({ baseUrl, student, app, activity }), runId: crypto.randomUUID() });
 */
export function timeSpentInput(options: {
  baseUrl: string;
  student: SampleStudent;
  app: { name: string };
  activity: { id: string; name: string };
  sensor?: string;
}) {
  return {
    sensor: options.sensor ?? 'https://app.example.com',
    actor: {
      id: `${options.baseUrl}/rostering/1.0/users/${options.student.sourcedId}`,
      email: options.student.email,
    },
    app: options.app,
    course: { subject: 'Math', grade: 3 },
    activity: options.activity,
    window: {
      activeMs: 30_000,
      inactiveMs: 0,
      startedAt: '2026-01-05T10:00:00.000Z',
      endedAt: '2026-01-05T10:00:30.000Z',
    },
  };
}
