// The LTI launch in the machine's Chromium: the mock, as the platform, makes the launch page (its auto-submitting
// form); the page posts the student's ID token to the example's /launch, which verifies it against the mock's key
// set, sets the session cookie and redirects to the lesson page; the lesson's activity reaches the platform with the
// launched student (`sub`) as its Caliper actor.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type Example, startExample } from '../src/server';
import { launchChromium, MISSING, newLessonContext, until } from './browser';

let browser: Browser | undefined;
let example: Example;
let outDir: string;

beforeAll(async () => {
  browser = await launchChromium();
  if (!browser) return; // every test fails with MISSING (a failed hook would only skip them)
  outDir = mkdtempSync(join(tmpdir(), 'learnkit-launch-'));
  example = await startExample({ outDir });
}, 120_000);

beforeEach(() => {
  if (!browser) throw new Error(MISSING);
});

afterAll(async () => {
  await browser?.close();
  await example?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the platform launches the lesson in Chromium', () => {
  test("the launch page posts to /launch, the session is set, and the activity's actor is the launched student", async () => {
    // Not the demo's visitor (Ada): another student of the roster, so the actor can only come from the launch.
    const sub = 'usr-student-001';
    const context = await newLessonContext(browser!);
    try {
      const page = await context.newPage();
      const { html } = await example.platform.lti.launch({
        user: sub,
        targetLinkUri: `${example.url}launch`,
      });
      await page.setContent(html); // the platform's launch page: its form submits itself
      await page.waitForURL(example.url, { timeout: 20_000 });

      const session = (await context.cookies(example.url)).find((c) => c.name === '__Host-learnkit-lti');
      expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'None' });

      const runId = await page.evaluate(
        () => (window as unknown as { lesson: { runId: string } }).lesson.runId,
      );
      await page.click('#complete');
      const stored = await until(
        'the completion',
        () =>
          example.platform.state.caliperEvents
            .map((s) => s.event)
            .filter((e) => (e.extensions as { runId?: string } | undefined)?.runId === runId)
            .find((e) => e.type === 'ActivityEvent'),
        20_000,
      );
      expect((stored.actor as { id: string }).id).toBe(
        `${example.platformUrl.replace(/\/+$/, '')}/rostering/1.0/users/${sub}`,
      );
    } finally {
      await context.close();
    }
  }, 90_000);

  test('a launch refused by the app (another audience) is a 401 page, and no session is set', async () => {
    const context = await newLessonContext(browser!);
    try {
      const page = await context.newPage();
      const { html } = await example.platform.lti.launch({
        user: 'usr-student-002',
        targetLinkUri: `${example.url}launch`,
        fault: 'wrong_audience',
      });
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url() === `${example.url}launch`),
        page.setContent(html),
      ]);
      expect(response.status()).toBe(401);
      await page.waitForLoadState();
      expect(await page.textContent('h1')).toBe('Launch refused');
      expect((await context.cookies(example.url)).some((c) => c.name === '__Host-learnkit-lti')).toBe(false);
    } finally {
      await context.close();
    }
  }, 60_000);
});
