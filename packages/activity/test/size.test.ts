import { expect, test } from 'vitest';
import { measureBrowserEntry } from '../bench/size';

// Issue 7 budget: the browser entry, minified and gzipped, stays under 4 kB, with no zod or openapi-fetch in it.
test('the browser entry stays under 4 kB gzip and bundles neither zod nor openapi-fetch', async () => {
  const { bytes, gzipBytes, modules } = await measureBrowserEntry();
  console.log(`browser entry: ${bytes} B minified, ${gzipBytes} B gzip`);
  expect(gzipBytes).toBeLessThan(4096);
  expect(modules.filter((m) => /(^|\/)(zod|openapi-fetch)(\/|$)/.test(m))).toEqual([]);
  expect(modules.some((m) => m.includes('/caliper/'))).toBe(false);
  // Nothing of the server side (`./server`, core's transport) leaks into the page.
  expect(modules.filter((m) => /(^|\/)(server|core)\//.test(m))).toEqual([]);
});
