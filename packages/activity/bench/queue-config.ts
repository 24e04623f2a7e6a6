/** The configuration of the activity queue benchmark: one course, no gradebook read (no `totalLessons`). */
export const BENCH_CONFIG = {
  sensor: 'https://app.example.com',
  app: { name: 'Bench App' },
  courses: [{ subject: 'Math', grade: 3, courseId: 'course-math-g3' }],
};

/**
 * How the heartbeat benchmark's fleet batches (docs/activity.md#the-handler-on-the-queue): up to 250 windows a
 * request (about 200 KB of envelope, under the 480 KiB bound), sent when full or after 2 s.
 */
export const FLEET_BATCH = { maxEvents: 250, maxWaitMs: 2_000 };
