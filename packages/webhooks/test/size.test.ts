import { expect, test } from 'vitest';
import { WEB_ENTRY_BUDGET, webEntrySize } from '../bench/size';

// Issue 6 budget: the web entry of verifyWebhook (esbuild, browser, minified + gzip) stays under 2 kB. The figure
// is the one `pnpm bench` reports (bench/run.ts re-exports webEntrySize).
test('the web entry of verifyWebhook stays under 2,048 B gzip, without node:crypto or core redaction', async () => {
  const { minified, gzip, modules } = await webEntrySize();
  console.log(`web entry of verifyWebhook: ${minified} B minified, ${gzip} B gzip`);
  expect(WEB_ENTRY_BUDGET).toBe(2048);
  expect(gzip).toBeLessThan(WEB_ENTRY_BUDGET);
  // Web Crypto only, and none of the parts of core a verification has no use for.
  expect(modules.some((m) => m.endsWith('crypto/web.ts'))).toBe(true);
  expect(modules.filter((m) => /crypto\/node|internal\/redact|transport|pagination|logger/.test(m))).toEqual(
    [],
  );
}, 30_000);
