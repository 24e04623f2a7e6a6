// One tracker on a fake page: fake clocks, controllable visibility, a fake endpoint and in-memory storage.
import { afterEach, vi } from 'vitest';
import { createActivityTracker } from '../../src/browser/tracker';
import type {
  ActivityInstance,
  ActivityTracker,
  ConfigureOptions,
  StartParams,
} from '../../src/browser/types';
import type { CourseConfig } from '../../src/config/types';
import { createFakeEndpoint, type FakeEndpoint, trackBlobs } from './fake-endpoint';
import { installVisibility, memoryStorage, useClocks } from './page';

export const COURSES: CourseConfig[] = [
  { subject: 'Math', grade: 3, courseId: 'c-math-3' },
  { code: 'ALG-1', subject: 'Math' },
];

export const LESSON = {
  id: 'fractions-1',
  name: 'Fractions 1',
  course: { subject: 'Math', grade: 3 },
} as const;

export interface Page {
  tracker: ActivityTracker;
  server: FakeEndpoint;
  storage: Storage;
  advance: (ms: number) => Promise<void>;
  /** Starts LESSON with `params` over it. */
  start: (params?: Partial<StartParams>) => ActivityInstance;
  /** A new tracker on the same storage, endpoint and clocks, as after a reload. */
  reload: (options?: Partial<ConfigureOptions>) => ActivityTracker;
}

const running: ActivityTracker[] = [];

/** A configured tracker on a fresh fake page. */
export function setupPage(options: Partial<ConfigureOptions> = {}): Page {
  const clocks = useClocks();
  installVisibility();
  trackBlobs();
  const server = createFakeEndpoint();
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    writable: true,
    value: server.beacon,
  });
  const storage = memoryStorage();
  const make = (more: Partial<ConfigureOptions> = {}) => {
    const tracker = createActivityTracker();
    tracker.configure({
      endpoint: '/api/activity',
      courses: COURSES,
      fetch: server.fetch,
      storage,
      now: clocks.now,
      monotonic: clocks.monotonic,
      ...options,
      ...more,
    });
    running.push(tracker);
    return tracker;
  };
  const tracker = make();
  return {
    tracker,
    server,
    storage,
    advance: clocks.advance,
    start: (params = {}) => tracker.start({ ...LESSON, ...params }),
    reload: make,
  };
}

// Ends what a test left running, so its listeners cannot react to the next test's page events.
afterEach(async () => {
  for (const tracker of running.splice(0)) {
    const current = tracker.current;
    if (!current) continue;
    const done = current.end().catch(() => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    await done;
  }
  vi.useRealTimers();
});
