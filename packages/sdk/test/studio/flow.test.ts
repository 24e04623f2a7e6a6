// The studio in Chromium driving the whole flow: launch a student into the example lesson page (a signed LTI
// launch, verified by the example's /launch, which signs the student in), start, pause and complete the activity; the run's timeline and its completion appear live; a
// raised webhook event's verified delivery appears. Saves the screenshots docs/studio.md shows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ContractRecorder, contractFetch, loadContract } from '@learnkit/contract';
import { type Example, startExample } from '@learnkit/example-frontend/server';
import { launchChromium, MISSING } from '@learnkit/example-frontend/test/browser';
import { createMockPlatform, type MockPlatform } from '@learnkit/mock';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../../examples/backend/src/webhook-receiver';
import { type Studio, startStudio } from '../../src/cli/studio/start';
import { LearnKit } from '../../src/index';

const DOCS = fileURLToPath(new URL('../../../../docs/studio/', import.meta.url));
const recorder = new ContractRecorder();
let browser: Browser | undefined;
let platform: MockPlatform;
let studio: Studio;
let example: Example;
let consumer: WebhookReceiver;
let outDir: string;

beforeAll(async () => {
  browser = await launchChromium();
  if (!browser) return;
  consumer = await startWebhookReceiver();
  // Deliveries to the https subscription go to the local consumer, as `learnkit-mock serve --forward-to` does.
  platform = createMockPlatform({ clock: 'fast', forwardTo: consumer.url });
  studio = await startStudio({ platform: { platform } });
  outDir = mkdtempSync(join(tmpdir(), 'learnkit-studio-'));
  example = await startExample({
    outDir,
    platform: { platform, url: studio.platformUrl },
    fetch: contractFetch(loadContract(), recorder, globalThis.fetch),
  });
  // The application launches into the example's /launch, which verifies the launch and signs the student in.
  const app = platform.state.applications.get(platform.fixtures.application.applicationId);
  if (app) app.launchUrl = `${example.url}launch`;
  const { partner } = platform.clients;
  const lk = new LearnKit({
    baseUrl: studio.platformUrl,
    clientId: partner.clientId,
    clientSecret: partner.clientSecret,
    env: {},
    fetch: contractFetch(loadContract(), recorder, globalThis.fetch),
  });
  const sub = await lk.webhooks.subscriptions.create(platform.fixtures.application.applicationId, {
    url: 'https://consumer.partner.example/webhooks',
    eventTypes: ['user.created'],
  });
  consumer.useSecret(sub.signingSecret);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await example?.close();
  await studio?.close();
  platform?.close();
  await consumer?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('learnkit studio in Chromium: the whole flow', () => {
  it('launches a student, shows the run live (windows, pause, completion), and a raised event verified', async () => {
    if (!browser) throw new Error(MISSING);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(studio.url);
    await page.waitForSelector('body[data-ready]');
    await page.fill('#roster-search', 'ada');
    const launchLink = page.getByRole('link', { name: 'Launch as Ada Lovelace' });
    const [lesson] = await Promise.all([context.waitForEvent('page'), launchLink.click()]);
    await lesson.waitForURL(example.url);
    await lesson.waitForSelector('#pause');
    await lesson.waitForTimeout(900);
    await lesson.click('#pause');
    await lesson.waitForTimeout(600);
    await lesson.click('#resume');
    await lesson.waitForTimeout(700);
    await lesson.click('#complete');

    const run = page.locator('[data-run]').first();
    await run.locator('.completion').waitFor({ timeout: 15_000 });
    expect(await run.locator('.completion').textContent()).toMatch(/^Completed at .+/);
    // The run's student is the launched one (the launch's sub became the activity's actor).
    expect(await run.locator('h3').textContent()).toContain(platform.fixtures.roster.student.email);
    const summary = (await run.locator('p').first().textContent()) ?? '';
    expect(summary).toMatch(/active \d+\.\d s, inactive \d+\.\d s, \d+ window\(s\), [1-9]\d* pause\(s\)/);
    expect(await run.locator('.bar .seg.active').count()).toBeGreaterThan(1);
    expect(await page.locator('#caliper-inner .vrow').count()).toBeGreaterThan(2);

    await page.selectOption('#raise-type', 'user.created');
    await page.getByRole('button', { name: 'Raise event' }).click();
    await consumer.waitFor(1);
    const delivered = page.locator('#deliveries tbody tr', { hasText: 'user.created' });
    await delivered.locator('.ok', { hasText: 'yes' }).waitFor({ timeout: 10_000 });
    expect(await delivered.textContent()).toContain('delivered');

    await page.locator('#runs-h').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(DOCS, 'studio-1280.png'), type: 'png' });
    recorder.assertClean();
    await context.close();
  }, 60_000);
});
