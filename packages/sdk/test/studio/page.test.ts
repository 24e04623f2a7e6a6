// The studio's page in Chromium: no critical or serious axe-core violation at 1280 and 390 px, usable by keyboard,
// no sideways scrolling on a phone, and a first paint within 1 s with 10,000 Caliper events in the store.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, MISSING } from '@learnkit/example-frontend/test/browser';
import { createMockPlatform, type MockPlatform } from '@learnkit/mock';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Studio, startStudio } from '../../src/cli/studio/start';

const DOCS = fileURLToPath(new URL('../../../../docs/studio/', import.meta.url));
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let browser: Browser | undefined;
let platform: MockPlatform;
let studio: Studio;

/** `count` stored TimeSpentEvents of Ada, ten windows per run, as the ingest would hold them after a long day. */
function fillStore(target: MockPlatform, count: number): void {
  const start = Date.parse('2026-11-02T09:00:00Z');
  for (let i = 0; i < count; i++) {
    const startedAt = new Date(start + i * 20_000).toISOString();
    const endedAt = new Date(start + i * 20_000 + 15_000).toISOString();
    target.state.caliperEvents.push({
      event: {
        id: `urn:uuid:00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        type: 'TimeSpentEvent',
        action: 'SpentTime',
        eventTime: endedAt,
        actor: { email: 'ada.lovelace@maple.learnkit.test' },
        object: { activity: { name: `Lesson ${Math.floor(i / 10)}` } },
        generated: { items: [{ type: 'active', value: 15, startDate: startedAt, endDate: endedAt }] },
        extensions: { runId: `run-${Math.floor(i / 10)}` },
      },
      receivedAt: start + i * 20_000 + 15_500,
      clientId: 'partner-client',
      sensor: 'https://app.example/sensor',
    });
  }
}

beforeAll(async () => {
  browser = await launchChromium();
  platform = createMockPlatform({ clock: 'fast' });
  fillStore(platform, 10_000);
  studio = await startStudio({ platform: { platform } });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await studio?.close();
  platform?.close();
});

async function open(width: number): Promise<Page> {
  if (!browser) throw new Error(MISSING);
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(studio.url);
  await page.waitForSelector('body[data-painted-ms]');
  return page;
}

/** axe-core's violations of impact critical or serious, as `rule: target` lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the studio page in Chromium', () => {
  // First, so the studio reads the store cold.
  it('paints the page with 10,000 Caliper events in the store within 1 s, only the rows in view in the DOM', async () => {
    const page = await open(1280);
    const paintedMs = Number(await page.getAttribute('body', 'data-painted-ms'));
    const rows = await page.locator('#caliper-inner .vrow').count();
    expect(await page.textContent('#caliper-count')).toBe('10000 event(s)');
    expect(rows).toBeGreaterThan(5);
    expect(rows).toBeLessThan(60);
    console.info(
      `studio first paint with 10,000 events: ${paintedMs} ms after navigation, ${rows} rows in the DOM`,
    );
    expect(paintedMs).toBeLessThanOrEqual(1000);
    await page.context().close();
  }, 30_000);

  for (const width of [1280, 390]) {
    it(`has no critical or serious axe-core violation at ${width} px and no sideways scrolling`, async () => {
      const page = await open(width);
      expect(await seriousViolations(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      if (width === 390) await page.screenshot({ path: join(DOCS, 'studio-390.png'), type: 'png' });
      await page.context().close();
    }, 30_000);
  }

  it('is usable by keyboard: Tab reaches the search, a launch link and the Caliper list, each with its name', async () => {
    const page = await open(1280);
    const reached: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          return `${el.tagName.toLowerCase()}#${el.id}:${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`;
        }),
      );
    }
    expect(reached).toContain('input#roster-search:');
    expect(reached.some((entry) => entry.startsWith('a#:Launch as Ada Lovelace'))).toBe(true);
    await page.focus('#roster-search');
    await page.keyboard.type('ada');
    expect(await page.locator('#roster-list li').count()).toBe(1);
    await page.focus('#caliper-list');
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelector('#caliper-list')!.scrollTop > 0);
    await page.context().close();
  }, 30_000);
});
