/** The configuration of the activity queue benchmark: one course, no gradebook read (no `totalLessons`). */
export const BENCH_CONFIG = {
  sensor: 'https://app.example.com',
  app: { name: 'Bench App' },
  courses: [{ subject: 'Math', grade: 3, courseId: 'course-math-g3' }],
};
