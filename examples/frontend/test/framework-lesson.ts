// The real-browser suite of the framework examples (examples/frontend-react, examples/frontend-vue): the example's
// page, built with Vite from a copy in a scratch project where the packed tarballs are installed (as a partner's
// app is), served by this example's activity server, driven in headless Chromium on Playwright's fake clock
// (docs/decisions.md#d-framework-packed-examples). Each example's test file is one call of describeFrameworkLesson.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runProcess } from '../../../packages/test-utils/src/process';
import { type Example, serveLesson } from '../src/server';
import { launchChromium, MISSING, newLessonContext, setVisibility, until } from './browser';

/** One build of the example: a label, and the scratch project whose node_modules it is built from. */
export interface PackedBuild {
  label: string;
  /** A project where the packed `@learnkit/activity`, the framework, Vite and its plugin are installed. */
  project: string;
}

export interface FrameworkLessonOptions {
  /** The example's folder (index.html, src/, vite.config.ts, learnkit.config.json). */
  example: string;
  builds: () => PackedBuild[];
  /** React's StrictMode in development: the lesson mounts, unmounts and mounts again, and keeps one run. */
  strictMode: boolean;
}

/**
 * Copies the example into `project/checks/<label>` and builds it there with the project's own Vite, in development
 * mode (React's development build, where StrictMode mounts twice), as `npx vite build` does in a partner's app.
 */
async function buildPacked(example: string, { label, project }: PackedBuild): Promise<string> {
  const dir = join(project, 'checks', label.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, ''));
  rmSync(dir, { recursive: true, force: true });
  for (const part of ['index.html', 'src', 'vite.config.ts', 'learnkit.config.json'])
    cpSync(join(example, part), join(dir, part), { recursive: true });
  const vite = join(project, 'node_modules', 'vite', 'bin', 'vite.js');
  const built = await runProcess(process.execPath, [vite, 'build', '--mode', 'development'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'development' },
    timeoutMs: 300_000,
  });
  if (built.code !== 0) throw new Error(`vite build of ${label} failed:\n${built.stderr}\n${built.stdout}`);
  return join(dir, 'dist');
}

const T0 = Date.UTC(2026, 0, 5, 10, 0, 0);
const FLUSH = 5000;

/** One event the endpoint received, with when. */
interface Received {
  id: string;
  runId: string;
  kind: string;
  activeMs?: number;
  inactiveMs?: number;
  at: number;
}

/** Registers the suite for every build of the example. */
export function describeFrameworkLesson({ example, builds, strictMode }: FrameworkLessonOptions): void {
  describe.each(builds())('$label: the lesson page in Chromium, built from the packed tarballs', (build) => {
    let browser: Browser | undefined;
    let server: Example;
    const contexts: BrowserContext[] = [];

    beforeAll(async () => {
      browser = await launchChromium();
      if (!browser) return; // the test fails with MISSING (a failed hook would only skip it)
      const outDir = await buildPacked(example, build);
      server = await serveLesson({ outDir, config: join(example, 'learnkit.config.json') });
    }, 600_000);

    afterAll(async () => {
      for (const context of contexts.splice(0)) await context.close().catch(() => {});
      await browser?.close();
      await server?.close();
    });

    // Each event once, as the server keeps it (it dedupes by id): a window the page sent again (its request timed
    // out on the fake clock, which moves faster than the network) counts once.
    const events = (): Received[] => {
      const seen = new Map<string, Received>();
      for (const request of server.requests)
        for (const event of request.events)
          if (!seen.has(event.id)) seen.set(event.id, { ...event, at: request.at } as Received);
      return [...seen.values()];
    };
    const activeOf = (runId: string) =>
      events()
        .filter((e) => e.runId === runId && e.kind === 'timeSpent')
        .reduce((sum, e) => sum + (e.activeMs ?? 0), 0);
    const lessonOf = async (page: Page) => {
      const main = page.locator('main[data-run-id]');
      return {
        runId: (await main.getAttribute('data-run-id')) ?? '',
        activeMs: Number(await main.getAttribute('data-active-ms')),
      };
    };
    const logOf = async (page: Page) => (await page.textContent('#log')) ?? '';

    test('mount, 20 s, hidden, shown, navigate away, mount again, complete: the server counts the visible time once', async () => {
      if (!browser || !server) throw new Error(MISSING);
      const context = await newLessonContext(browser);
      contexts.push(context);
      await context.clock.install({ time: T0 });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(`${server.url}?flush=${FLUSH}#/`);
      await page.clock.pauseAt(T0 + 10_000);

      // Mount: the lesson starts (under StrictMode in development: mounted, unmounted, mounted, one run).
      await page.click('#open');
      await page.waitForSelector('main[data-run-id]:not([data-run-id=""])');
      const first = (await lessonOf(page)).runId;
      if (strictMode)
        expect(await logOf(page)).toMatch(/lesson mounted\n.*lesson unmounted\n.*lesson mounted\n/);

      // 20 s of visible activity on the fake clock: a heartbeat every 5 s, the timer rendered every second.
      await page.clock.runFor(20_000);
      await until('4 heartbeats', () => activeOf(first) === 20_000);
      await expect.poll(() => page.textContent('#timer')).toBe('0:20');

      // Hidden for 7 s: not active, no heartbeat; shown again, 3 s more.
      await setVisibility(page, 'hidden');
      await page.clock.runFor(7_000);
      await setVisibility(page, 'visible');
      await page.clock.runFor(3_000);
      await expect.poll(async () => (await lessonOf(page)).activeMs).toBe(23_000);

      // Navigate away: the lesson unmounts, its last window goes at once, then nothing more for this run.
      await page.click('#back');
      await page.waitForSelector('#open');
      await until('the window sent on unmount', () => activeOf(first) === 23_000);
      const sentBefore = server.requests.length;
      await page.clock.runFor(60_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(server.requests).toHaveLength(sentBefore);
      const firstWindows = events().filter((e) => e.runId === first && e.kind === 'timeSpent');
      // The visible active time (20 s + 3 s), within one flush interval, and to the millisecond on this clock.
      expect(Math.abs(activeOf(first) - 23_000)).toBeLessThanOrEqual(FLUSH);
      expect(activeOf(first)).toBe(23_000);
      expect(firstWindows.reduce((sum, e) => sum + (e.inactiveMs ?? 0), 0)).toBe(7_000);
      expect(events().filter((e) => e.kind === 'completion')).toEqual([]);

      // Mount again: a new run, and (StrictMode) the remount keeps it: one "run ... started", same runId.
      const logBefore = (await logOf(page)).length;
      await page.click('#open');
      await page.waitForSelector('main[data-run-id]:not([data-run-id=""])');
      const second = (await lessonOf(page)).runId;
      expect(second).not.toBe(first);
      const remountLog = (await logOf(page)).slice(logBefore);
      if (strictMode) expect(remountLog).toMatch(/lesson mounted\n.*lesson unmounted\n.*lesson mounted\n/);
      expect(remountLog.match(/run \S+ started/g)).toEqual([`run ${second} started`]);
      await page.clock.runFor(6_000);
      await until('a heartbeat of the second run', () => activeOf(second) === 5_000);
      expect((await lessonOf(page)).runId).toBe(second);

      // Complete with end({ xpEarned }): one completion, of the second run, after its last window.
      await page.click('#complete');
      await until('the completion', () => events().some((e) => e.kind === 'completion'));
      await expect.poll(() => page.textContent('#status')).toBe('completed');
      const completions = events().filter((e) => e.kind === 'completion');
      expect(completions.map((e) => e.runId)).toEqual([second]);
      expect(activeOf(second)).toBe(6_000);
      expect(new Set(events().map((e) => e.runId))).toEqual(new Set([first, second]));
      expect(server.requests.every((r) => r.status === 202)).toBe(true);
      // The platform holds each run's time, once, and the one completion.
      const stored = server.platform.state.caliperEvents.map((s) => s.event);
      const platformMs = (runId: string) =>
        Math.round(
          stored
            .filter(
              (e) => e.type === 'TimeSpentEvent' && (e.extensions as { runId?: string }).runId === runId,
            )
            .flatMap((e) => (e.generated as { items: { type: string; value: number }[] }).items)
            .filter((item) => item.type === 'active')
            .reduce((sum, item) => sum + item.value * 1000, 0),
        );
      expect([platformMs(first), platformMs(second)]).toEqual([23_000, 6_000]);
      expect(stored.filter((e) => e.type === 'ActivityEvent')).toHaveLength(1);
      expect(pageErrors).toEqual([]);
    }, 300_000);
  });
}
