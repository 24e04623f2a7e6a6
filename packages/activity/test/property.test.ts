// @vitest-environment happy-dom
// docs/decisions.md#d-fault-table, "tracker's network fails for minutes": no time lost and none counted twice once it
// recovers. Random pages: visibility changes, pauses, flushes, exits, reloads and network failures; then the
// network recovers, and a server that dedupes by event id must hold exactly the active time the clock says.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { ActivityInstance, TimeOptions } from '../src/browser/types';
import type { TimeSpentMessage } from '../src/protocol';
import type { Mode } from './helpers/fake-endpoint';
import { pageHide, setVisibility } from './helpers/page';
import { LESSON, setupPage } from './helpers/setup';

type Op =
  | { op: 'advance' | 'freeze'; ms: number }
  | { op: 'hide' | 'show' | 'pause' | 'resume' | 'flush' | 'pagehide' | 'reload' }
  | { op: 'network'; mode: Mode }
  | { op: 'beacon'; queues: boolean };

const ops = fc.array(
  fc.oneof(
    { weight: 6, arbitrary: fc.record({ op: fc.constant('advance' as const), ms: fc.nat(40_000) }) },
    // A frozen or throttled tab: the clocks move, no timer runs.
    { weight: 1, arbitrary: fc.record({ op: fc.constant('freeze' as const), ms: fc.nat(900_000) }) },
    {
      weight: 6,
      arbitrary: fc.record({
        op: fc.constantFrom('hide', 'show', 'pause', 'resume', 'flush', 'pagehide', 'reload' as const),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        op: fc.constant('network' as const),
        mode: fc.constantFrom<Mode>('ok', 'network', 503, 429, 'hang'),
      }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('beacon' as const), queues: fc.boolean() }) },
  ) as fc.Arbitrary<Op>,
  { maxLength: 40 },
);

const options = fc.record({
  flushIntervalMs: fc.constantFrom(1_000, 5_000, 15_000),
  visibilityAware: fc.boolean(),
  flushOnVisibilityHidden: fc.boolean(),
  flushOnPageHide: fc.boolean(),
  hiddenTimeoutMs: fc.constantFrom(null, 20_000, 600_000),
  retryAttempts: fc.nat(2),
  retryDelaysMs: fc.constantFrom<number[]>([100, 300, 1000], [50], []),
});

/**
 * What the clock says: active ms by the rules of decision 9, computed apart from the tracker. Hidden time is
 * never active (when visibilityAware); the hidden timeout only decides whether showing the page resumes.
 */
function model(time: Required<TimeOptions>, hidden: boolean) {
  const timeout = time.hiddenTimeoutMs ?? Number.POSITIVE_INFINITY;
  let now = 0;
  let visible = !hidden;
  let paused: 'no' | 'explicit' | 'hidden' = 'no';
  let hiddenSince = 0;
  let active = 0;
  const hiddenCounts = () => time.visibilityAware && !visible;
  return {
    active: () => active,
    advance(ms: number) {
      if (paused === 'no' && !hiddenCounts()) active += ms;
      now += ms;
      if (paused === 'no' && hiddenCounts() && now - hiddenSince >= timeout) paused = 'hidden';
    },
    hide() {
      if (visible) hiddenSince = now;
      visible = false;
    },
    show() {
      visible = true;
      if (paused === 'hidden') paused = 'no';
    },
    pause() {
      paused = 'explicit';
    },
    resume() {
      if (paused === 'no') return;
      paused = 'no';
      hiddenSince = now;
    },
  };
}

test('once the network recovers, the server holds exactly the active time the clock says', async () => {
  await fc.assert(
    fc.asyncProperty(options, ops, async (time, steps) => {
      let skew = 0;
      const page = setupPage({ now: () => Date.now() + skew, monotonic: () => performance.now() + skew });
      let clock = model(time, false);
      let tracker = page.tracker;
      let run: ActivityInstance = page.start({ time });
      const runs = [run];
      let expected = 0;
      for (const step of steps) {
        switch (step.op) {
          case 'advance':
            clock.advance(step.ms);
            await page.advance(step.ms);
            break;
          case 'freeze':
            clock.advance(step.ms);
            skew += step.ms;
            break;
          case 'hide':
            clock.hide();
            setVisibility('hidden');
            break;
          case 'show':
            clock.show();
            setVisibility('visible');
            break;
          case 'pause':
            clock.pause();
            void run.pause();
            break;
          case 'resume':
            clock.resume();
            run.resume();
            break;
          case 'flush':
            void run.flushTimeSpent();
            break;
          case 'pagehide':
            pageHide();
            break;
          case 'network':
            page.server.mode = step.mode;
            break;
          case 'beacon':
            page.server.beaconQueues = step.queues;
            break;
          case 'reload': {
            // The page goes (whatever the network does) and a new one starts a new run.
            const ending = run.end();
            await page.advance(120_000);
            await ending;
            expect(run.totalActiveMs).toBe(clock.active());
            expected += clock.active();
            tracker = page.reload();
            clock = model(time, document.visibilityState === 'hidden');
            run = tracker.start({ ...LESSON, time });
            runs.push(run);
            break;
          }
        }
      }
      expect(run.totalActiveMs).toBe(clock.active());
      expected += clock.active();
      // The network recovers; the page ends the activity, which flushes everything still unsent.
      page.server.mode = 'ok';
      page.server.beaconQueues = true;
      const ending = run.end();
      await page.advance(120_000);
      await ending;

      expect(page.server.invalid).toEqual([]);
      expect(page.server.activeMs()).toBe(expected);
      expect(runs.reduce((sum, r) => sum + r.totalActiveMs, 0)).toBe(expected);
      // Distinct ids never cover the same time twice: a run's windows follow one another.
      for (const r of runs) {
        const windows = (page.server.events('timeSpent') as TimeSpentMessage[])
          .filter((m) => m.runId === r.runId)
          .map((m) => m.window)
          .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
        for (let i = 1; i < windows.length; i++)
          expect(windows[i]!.startedAt >= windows[i - 1]!.endedAt).toBe(true);
      }
      setVisibility('visible');
    }),
    { numRuns: 250 },
  );
});
