import { isText, show } from '../check';
import { describeCourse, findCourse } from '../config/courses';
import type { CourseConfig } from '../config/types';
import { invalid, misuse } from '../invalid';
import { type ActivityRef, isActivitySlug } from '../protocol';
import { runActivity } from './instance';
import { timeSettings } from './options';
import { createOutbox, DEFAULT_STORAGE_KEY } from './outbox';
import { type Runtime, serialSend } from './runtime';
import { createSender } from './sender';
import type { ActivityInstance, ActivityTracker } from './types';

const localStore = (): Storage | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // access throws where storage is blocked (sandboxed frames, some privacy settings)
  }
};

/**
 * Throws the ValidationError of a bad argument of `activity.start`, naming `field` as the caller wrote it. The checks
 * stop at the first bad argument: naming them all cost more bytes than the budget has
 * (docs/decisions.md#d-tracker-errors-branded).
 */
const refuse = (field: string, problem: string) => {
  throw invalid([field], `activity.start: ${field} ${problem}`);
};

/**
 * A tracker with its own configuration and outbox. Pages use the shared {@link activity}; tests and pages
 * embedding two independent apps make their own.
 *
 * @example
 * const tracker = createActivityTracker();
 * tracker.configure({ endpoint: '/api/activity', courses: config.courses });
 */
export function createActivityTracker(): ActivityTracker {
  let runtime: Runtime | undefined;
  let courses: CourseConfig[] = [];
  let current: ActivityInstance | null = null;

  return {
    configure(options) {
      const { endpoint, courses: given } = options;
      if (current) throw misuse(`activity.configure: "${current.id}" is running; end() it first`);
      // The full checks of learnkit.config.json run on the server (parseLearnkitConfig); here only the shape.
      if (!isText(endpoint))
        throw invalid(['endpoint'], `activity.configure: endpoint must be a URL, got ${show(endpoint)}`);
      if (!Array.isArray(given) || !given.length)
        throw invalid(
          ['courses'],
          `activity.configure: courses must be a non-empty array, got ${show(given)}`,
        );
      courses = [...given];
      const fetcher = options.fetch ?? fetch.bind(globalThis);
      const outbox = createOutbox(
        options.storage === undefined ? localStore() : options.storage,
        options.storageKey ?? DEFAULT_STORAGE_KEY,
      );
      const sender = createSender(endpoint, fetcher, options.requestTimeoutMs ?? 10_000);
      const monotonic = options.monotonic ?? (() => performance.now());
      runtime = {
        outbox,
        sender,
        now: options.now ?? Date.now,
        mono: () => Math.round(monotonic()),
        send: serialSend(outbox, sender),
      };
      // Windows that a previous page could not deliver go now.
      if (outbox.list().length) runtime.send({ retryAttempts: 0, retryDelaysMs: [] });
    },

    start(params) {
      const { id, name, course, runId } = params;
      if (!runtime) throw misuse('activity.start: call activity.configure({ endpoint, courses }) first');
      if (current)
        throw misuse(`activity.start: "${current.id}" is still running; end() it before starting "${id}"`);
      if (!isActivitySlug(id)) refuse('id', `must be a URL-safe slug of A-Za-z0-9._~-, got ${show(id)}`);
      if (!isText(name)) refuse('name', `must be a non-empty string, got ${show(name)}`);
      // findCourse also refuses a malformed reference, and the message shows it as given.
      if (!findCourse(courses, course))
        refuse(
          'course',
          `${show(course)} is not in the configured courses: ${courses.map(describeCourse).join(', ')}`,
        );
      if (runId !== undefined && !isText(runId, 128))
        refuse('runId', `must be a non-empty string, got ${show(runId)}`);
      const time = timeSettings(params.time);
      const { code, subject, grade } = course as { code?: string; subject: string; grade: number | string };
      const activityRef: ActivityRef = {
        id,
        name,
        course: code !== undefined ? { code } : { subject, grade },
      };
      const instance = runActivity(runtime, params, activityRef, time, () => {
        if (current === instance) current = null;
      });
      current = instance;
      return instance;
    },

    get current() {
      return current;
    },
  };
}

/**
 * The page's activity tracker: `activity.configure(...)` once, then `activity.start(...)`.
 *
 * @example
 * activity.configure({ endpoint: '/api/activity', courses: [{ subject: 'Math', grade: 3 }] });
 * const run = activity.start({ id: 'fractions-1', name: 'Fractions 1', course: { subject: 'Math', grade: 3 } });
 * await run.end({ xpEarned: 12, totalQuestions: 10, correctQuestions: 8 });
 */
export const activity: ActivityTracker = /* @__PURE__ */ createActivityTracker();
