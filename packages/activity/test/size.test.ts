import { expect, test } from 'vitest';
import { ACTIVITY_BROWSER_BUDGET, FRAMEWORK_ENTRY_BUDGET } from '../../../scripts/packages/budgets';
import { measureBrowserEntry, measureFrameworkEntries } from '../bench/size';

// The browser entry, minified and gzipped, stays within its budget (4,200 B: docs/decisions.md#d-tracker-errors-branded),
// with no zod or openapi-fetch in it.
test('the browser entry stays within its gzip budget and bundles neither zod nor openapi-fetch', async () => {
  const { bytes, gzipBytes, modules } = await measureBrowserEntry();
  console.log(`browser entry: ${bytes} B minified, ${gzipBytes} B gzip`);
  expect(gzipBytes).toBeLessThanOrEqual(ACTIVITY_BROWSER_BUDGET);
  expect(modules.filter((m) => /(^|\/)(zod|openapi-fetch)(\/|$)/.test(m))).toEqual([]);
  expect(modules.some((m) => m.includes('/caliper/'))).toBe(false);
  // Nothing of the server side (`./server`, core's transport) leaks into the page: the tracker's errors are core's by
  // brand, not by import (docs/decisions.md#d-tracker-errors-branded).
  expect(modules.filter((m) => /(^|\/)(server|core)\//.test(m))).toEqual([]);
});

// Each framework entry adds at most 700 B of gzip to the browser entry, its framework external
// (docs/decisions.md#d-framework-entry-sizes); the package checks measure the same from the packed tarball.
test('react, vue and svelte entries each add at most 700 B gzip to the browser entry', async () => {
  const entries = await measureFrameworkEntries();
  console.log(entries.map((e) => `${e.framework}: +${e.gzipOver} B gzip`).join(', '));
  expect(entries.map((e) => e.framework)).toEqual(['react', 'vue', 'svelte']);
  for (const entry of entries)
    expect(entry.gzipOver, entry.framework).toBeLessThanOrEqual(FRAMEWORK_ENTRY_BUDGET);
});
