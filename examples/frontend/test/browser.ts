// The machine's Chromium, as every lesson page's real-browser tests drive it (this example's, and the React and Vue
// examples' from their packed builds): playwright-core on /usr/bin/chromium (or CHROMIUM_PATH), headless; a page
// whose beacons are marked `?via=beacon` and whose visibility the test sets (headless Chromium keeps every page
// visible).
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** The machine's Chromium (CI installs it through scripts/ensure-system.mjs); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why the browser tests fail (never skip) without Chromium. */
export const MISSING =
  `Chromium is missing at ${CHROMIUM}: these tests drive a real browser. Install it with ` +
  '`apt-get update && apt-get install -y chromium` (`pnpm test` does so through scripts/ensure-system.mjs).';

/** Launches headless Chromium, or returns undefined when it is not installed (each test then fails with MISSING). */
export async function launchChromium(): Promise<Browser | undefined> {
  if (!existsSync(CHROMIUM)) return undefined;
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * A fresh browser profile (own localStorage) whose pages mark their beacons `?via=beacon` and get
 * `window.setVisibility('hidden' | 'visible')`, which sets `document.visibilityState` and fires `visibilitychange`.
 */
export async function newLessonContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => send(`${String(url)}?via=beacon`, data);
    // Visibility emulation: headless Chromium keeps every page visible (CDP focus emulation, lifecycle
    // freezing, minimising the window and switching tabs leave document.visibilityState at 'visible').
    let state: DocumentVisibilityState | undefined;
    Object.defineProperty(Document.prototype, 'visibilityState', {
      configurable: true,
      get: () => state ?? 'visible',
    });
    Object.defineProperty(Document.prototype, 'hidden', {
      configurable: true,
      get: () => state === 'hidden',
    });
    Object.assign(window, {
      setVisibility(next: DocumentVisibilityState) {
        state = next;
        document.dispatchEvent(new Event('visibilitychange'));
      },
    });
  });
  return context;
}

/** Hides or shows the page, as a tab switch does. */
export const setVisibility = (page: Page, state: 'hidden' | 'visible'): Promise<void> =>
  page.evaluate((s) => (window as unknown as { setVisibility(v: string): void }).setVisibility(s), state);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` returns a value (not undefined or false), or fails after `ms`. */
export async function until<T>(what: string, check: () => T | undefined | false, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}
