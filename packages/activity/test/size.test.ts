import { expect, test } from 'vitest';
import { ACTIVITY_BROWSER_BUDGET } from '../../../scripts/packages/budgets';
import { measureBrowserEntry } from '../bench/size';

// The browser entry, minified and gzipped, stays within its budget (4,200 B: docs/decisions.md#d-i33-tracker-errors),
// with no zod or openapi-fetch in it.
test('the browser entry stays within its gzip budget and bundles neither zod nor openapi-fetch', async () => {
  const { bytes, gzipBytes, modules } = await measureBrowserEntry();
  console.log(`browser entry: ${bytes} B minified, ${gzipBytes} B gzip`);
  expect(gzipBytes).toBeLessThanOrEqual(ACTIVITY_BROWSER_BUDGET);
  expect(modules.filter((m) => /(^|\/)(zod|openapi-fetch)(\/|$)/.test(m))).toEqual([]);
  expect(modules.some((m) => m.includes('/caliper/'))).toBe(false);
  // Nothing of the server side (`./server`, core's transport) leaks into the page: the tracker's errors are core's by
  // brand, not by import (docs/decisions.md#d-i33-tracker-errors).
  expect(modules.filter((m) => /(^|\/)(server|core)\//.test(m))).toEqual([]);
});
