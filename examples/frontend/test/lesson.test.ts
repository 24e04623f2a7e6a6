// The lesson page in the machine's Chromium (playwright-core), served next to createActivityServer().handler and
// the loopback mock platform. What the platform ends up with is checked against openapi/ and against the clock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContractRecorder, contractFetch, loadContract } from '@learnkit/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type Example, startExample } from '../src/server';
import { launchChromium, MISSING, newLessonContext, setVisibility, until } from './browser';

const contract = loadContract();
const recorder = new ContractRecorder();

let browser: Browser | undefined;
let example: Example;
let outDir: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  if (!browser) return; // every test fails with MISSING (a failed hook would only skip them)
  outDir = mkdtempSync(join(tmpdir(), 'learnkit-frontend-'));
  example = await startExample({ outDir, fetch: contractFetch(contract, recorder, globalThis.fetch) });
}, 120_000);

beforeEach(() => {
  if (!browser) throw new Error(MISSING);
});

afterAll(async () => {
  await browser?.close();
  await example?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => {});
  recorder.assertClean();
});

interface Lesson {
  runId: string;
  totalActiveMs: number;
  isPaused: boolean;
  isEnded: boolean;
}

/** A fresh browser profile (own localStorage) on the lesson page; beacons are marked `?via=beacon`. */
async function openLesson(query: string): Promise<{ page: Page; context: BrowserContext; runId: string }> {
  const context = await newLessonContext(browser!);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${example.url}?${query}`);
  const runId = await page.evaluate(() => (window as unknown as { lesson: Lesson }).lesson.runId);
  return { page, context, runId };
}

const lessonOf = (page: Page) =>
  page.evaluate(() => {
    const { runId, totalActiveMs, isPaused, isEnded } = (window as unknown as { lesson: Lesson }).lesson;
    return { runId, totalActiveMs, isPaused, isEnded };
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The page's lesson once end() has resolved there: a moment after the platform stored the completion (10 s at most). */
async function endedLesson(page: Parameters<typeof lessonOf>[0]) {
  let lesson = await lessonOf(page);
  for (const deadline = Date.now() + 10_000; !lesson.isEnded && Date.now() < deadline; ) {
    await sleep(25);
    lesson = await lessonOf(page);
  }
  return lesson;
}

/** The Caliper events the platform stored for a run. */
const storedOf = (runId: string) =>
  example.platform.state.caliperEvents
    .map((s) => s.event)
    .filter((e) => (e.extensions as { runId?: string } | undefined)?.runId === runId);
const itemsOf = (event: Record<string, unknown>) =>
  (event.generated as { items: { type: string; value: number }[] }).items;
/** Whole milliseconds of a kind of time the platform holds for a run (seconds are ms / 1000 on the wire). */
const platformMs = (runId: string, kind: 'active' | 'inactive') =>
  Math.round(
    storedOf(runId)
      .filter((e) => e.type === 'TimeSpentEvent')
      .flatMap(itemsOf)
      .filter((i) => i.type === kind)
      .reduce((sum, i) => sum + i.value * 1000, 0),
  );
const windowsAt = (runId: string) =>
  example.requests.flatMap((r) =>
    r.events.filter((e) => e.runId === runId && e.kind === 'timeSpent').map((e) => ({ ...e, at: r.at, r })),
  );

describe('the lesson page in Chromium', () => {
  test('heartbeats arrive every flushIntervalMs, each with the time since the last', async () => {
    const { page, runId } = await openLesson('flush=400');
    const windows = await until('5 heartbeats', () => {
      const w = windowsAt(runId);
      return w.length >= 5 ? w : undefined;
    });
    expect(windows.every((w) => w.r.status === 202 && w.r.via === 'fetch')).toBe(true);
    // Each window holds the time since the one before (about the interval; timers drift on a busy machine).
    for (const w of windows) expect(w.activeMs).toBeGreaterThan(250);
    for (const w of windows) expect(w.activeMs).toBeLessThan(800);
    const gaps = windows.slice(1).map((w, i) => w.at - windows[i]!.at);
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    expect(Math.abs(mean - 400)).toBeLessThan(100);
    // The page's own account and the platform's agree once the page ends the run.
    await page.click('#complete');
    await until('the completion', () => storedOf(runId).some((e) => e.type === 'ActivityEvent') || undefined);
    const lesson = await endedLesson(page);
    expect(lesson.isEnded).toBe(true);
    expect(platformMs(runId, 'active')).toBe(lesson.totalActiveMs);
  }, 60_000);

  test('hiding the page stops active time (inactive instead), heartbeats pause, the hidden timeout pauses', async () => {
    const { page, runId } = await openLesson('flush=300&hiddenTimeout=1200');
    await sleep(700);
    await setVisibility(page, 'hidden');
    const hiddenAt = Date.now();
    const before = windowsAt(runId).length;
    await sleep(1800); // past the hidden timeout
    const whileHidden = windowsAt(runId).slice(before);
    // The active time up to the moment it was hidden goes at once, by beacon; then no heartbeats: only the
    // pause at the hidden timeout sends, a new window with no active time (1.2 s inactive), along with the
    // beaconed one again (kept until a fetch is acknowledged; the server dedupes it).
    expect(whileHidden[0]).toMatchObject({ inactiveMs: 0, r: { via: 'beacon', status: 202 } });
    expect(whileHidden[0]!.at - hiddenAt).toBeLessThan(200);
    const later = whileHidden.filter((w) => w.at > hiddenAt + 200);
    const fresh = later.filter((w) => !whileHidden.some((v) => v.id === w.id && v.at < w.at));
    expect(fresh.map((w) => [w.activeMs, w.inactiveMs])).toEqual([[0, 1200]]);
    expect(later.every((w) => w.at - hiddenAt > 1100)).toBe(true);
    const paused = await lessonOf(page);
    expect(paused.isPaused).toBe(true);
    expect(await page.textContent('#log')).toContain('paused');
    const activeWhenHidden = paused.totalActiveMs;
    await sleep(300);
    expect((await lessonOf(page)).totalActiveMs).toBe(activeWhenHidden);

    await setVisibility(page, 'visible');
    expect(await page.textContent('#log')).toContain('resumed');
    await sleep(700);
    await page.click('#complete');
    await until('the completion', () => storedOf(runId).some((e) => e.type === 'ActivityEvent') || undefined);
    // As the other runs of this file read it: once the page has ended the run (its last window sent).
    const lesson = await endedLesson(page);
    expect(lesson.isEnded).toBe(true);
    expect(platformMs(runId, 'active')).toBe(lesson.totalActiveMs);
    // Hidden time up to the timeout (1.2 s) is inactive; after it the run was paused (not counted at all).
    expect(platformMs(runId, 'inactive')).toBe(1200);
    expect(lesson.totalActiveMs).toBeGreaterThan(1200);
    expect(lesson.totalActiveMs).toBeLessThan(1400 + 1000);
  }, 60_000);

  test('closing the page delivers the last window by beacon', async () => {
    const { page, runId } = await openLesson('flush=60000');
    await sleep(1500);
    const seen = (await lessonOf(page)).totalActiveMs;
    expect(windowsAt(runId)).toEqual([]);
    await page.close({ runBeforeUnload: true });
    const windows = await until('the exit beacon', () => {
      const w = windowsAt(runId);
      return w.length ? w : undefined;
    });
    expect(windows.every((w) => w.r.via === 'beacon' && w.r.status === 202)).toBe(true);
    const active = platformMs(runId, 'active');
    expect(active).toBeGreaterThanOrEqual(seen);
    expect(active).toBeLessThan(seen + 1000);
  }, 60_000);

  test('a window whose network failed is kept and sent by the next page load, exactly once', async () => {
    const { page, runId } = await openLesson('flush=300&retries=0');
    let blocked = true;
    const failedIds = new Set<string>();
    await page.route('**/api/activity*', async (route) => {
      if (!blocked) return route.continue();
      const body = JSON.parse(route.request().postData() ?? '{}') as { events?: { id: string }[] };
      for (const e of body.events ?? []) failedIds.add(e.id);
      return route.abort('internetdisconnected');
    });
    await until('3 failed windows', () => failedIds.size >= 3 || undefined);
    const ids = [...failedIds];
    expect(ids.filter((id) => storedOf(runId).some((e) => e.id === id))).toEqual([]);
    const stored = await page.evaluate(() => localStorage.getItem('learnkit:activity:outbox') ?? '');
    for (const id of ids) expect(stored).toContain(id);

    // Reload, with the network back: the new page sends the kept windows at once (configure drains storage).
    page.on('request', (request) => {
      if (request.isNavigationRequest()) blocked = false;
    });
    const reloadAt = Date.now();
    await page.reload();
    const resend = await until('the kept windows sent by the reloaded page', () =>
      example.requests.find(
        (r) =>
          r.at > reloadAt &&
          r.via === 'fetch' &&
          r.status === 202 &&
          ids.every((id) => r.events.some((e) => e.id === id)),
      ),
    );
    expect(resend.events.filter((e) => ids.includes(e.id))).toHaveLength(ids.length);
    // Each id once at the platform, however often it was sent (the exit beacon may have carried them too).
    const storedIds = storedOf(runId).map((e) => e.id);
    for (const id of ids) expect(storedIds.filter((s) => s === id)).toHaveLength(1);
    expect(new Set(storedIds).size).toBe(storedIds.length);
    // The page forgets them once their 202 is back, a moment after the server stored them: wait for it.
    let after = '';
    for (const end = Date.now() + 10_000; ; await sleep(25)) {
      after = await page.evaluate(() => localStorage.getItem('learnkit:activity:outbox') ?? '[]');
      if (ids.every((id) => !after.includes(id)) || Date.now() > end) break;
    }
    for (const id of ids) expect(after).not.toContain(id);
  }, 60_000);

  test('through pause, resume, a platform outage and the completion, the platform counts the clock exactly once', async () => {
    const { page, runId } = await openLesson('flush=250&retries=0');
    await sleep(600);
    await page.click('#pause');
    await page.waitForFunction(() => (window as unknown as { lesson: Lesson }).lesson.isPaused);
    const pausedActive = (await lessonOf(page)).totalActiveMs;
    await sleep(500);
    expect((await lessonOf(page)).totalActiveMs).toBe(pausedActive);
    await page.click('#resume');
    // The platform fails for a while: the handler responds with 502, the page keeps the windows and resends them.
    example.platform.faults.inject({ method: 'POST', path: '/caliper/v1p2', status: 500, times: 9 });
    await sleep(1200);
    expect(example.requests.some((r) => r.status === 502)).toBe(true);
    // The page's onError got the failure as a LearnKitError of @learnkit/core (its own bundle's class, checked by
    // brand), an ActivitySendError with the status (docs/decisions.md#d-tracker-errors-branded).
    const log = (await page.textContent('#log')) ?? '';
    expect(log).toContain('timeSpent failed (ActivitySendError): activity: POST /api/activity returned 502');
    expect(log).not.toContain('not a LearnKitError');
    await sleep(600);
    // Decision 10: the units Ada mastered in the course so far (the seeded gradebook and earlier tests), plus 1.
    const earlier = [...example.platform.state.roster.assessmentResults.values()]
      .map((r) => r.metadata as { courseId?: string; masteredUnits?: number } | null)
      .filter((m) => m?.courseId === 'course-math-g3')
      .reduce((sum, m) => sum + (m?.masteredUnits ?? 0), 0);
    await page.click('#complete');
    await until('the completion', () => storedOf(runId).some((e) => e.type === 'ActivityEvent') || undefined);
    const lesson = await endedLesson(page);
    expect(lesson.isEnded).toBe(true);
    expect(platformMs(runId, 'active')).toBe(lesson.totalActiveMs);
    const events = storedOf(runId);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    // The completion: metrics from the page, pctComplete computed by the server (earlier units + 1, of 40).
    const completion = events.find((e) => e.type === 'ActivityEvent')!;
    expect(completion).toMatchObject({
      action: 'Completed',
      object: { id: 'https://lessons.example.com/activities/Math/g3/fractions-number-line' },
      generated: { extensions: { pctCompleteApp: ((earlier + 1) / 40) * 100 } },
    });
    expect(itemsOf(completion)).toEqual([
      { type: 'xpEarned', value: 0 },
      { type: 'totalQuestions', value: 10 },
      { type: 'correctQuestions', value: 8 },
      { type: 'masteredUnits', value: 1 },
    ]);
    // Every event the platform holds passes the contract (the requests were checked on the way too).
    const body = {
      sensor: 'https://lessons.example.com',
      sendTime: new Date().toISOString(),
      dataVersion: 'http://purl.imsglobal.org/ctx/caliper/v1p2',
      data: events,
    };
    const result = await contract.checkRequest(
      new Request(`${example.platformUrl}/caliper/v1p2`, {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    expect(result.ok).toBe(true);
    expect(recorder.results.length).toBeGreaterThan(0);
  }, 60_000);
});
