/**
 * Benchmark of @learnkit/activity (not a test; `pnpm bench` imports runActivityBench()): the size of the browser
 * entry as a page ships it, against its budget of 4,200 B gzip (docs/decisions.md#d-tracker-errors-branded) with no zod
 * and no openapi-fetch inside; what each framework entry adds to it, at most 700 B (docs/decisions.md#d-framework-entry-sizes). `test/size.test.ts` fails the tests above the same budget.
 */
import type { BenchRow } from '../../../bench/support';
import { ACTIVITY_BROWSER_BUDGET, FRAMEWORK_ENTRY_BUDGET } from '../../../scripts/packages/budgets';
import { measureBrowserEntry, measureFrameworkEntries } from './size';

/** Browser entry: minified bytes, gzip bytes (at most ACTIVITY_BROWSER_BUDGET), and whether zod or openapi-fetch got in. */
export async function runActivityBench(): Promise<{ rows: BenchRow[]; budgetsMet: boolean }> {
  const { bytes, gzipBytes, modules } = await measureBrowserEntry();
  const heavy = modules.filter((m) => /(^|\/)(zod|openapi-fetch)(\/|$)/.test(m)).length;
  const rows: BenchRow[] = [
    { name: 'browser entry, minified', value: bytes, unit: 'B' },
    {
      name: 'browser entry, minified + gzip',
      value: gzipBytes,
      unit: 'B',
      budget: `<= ${ACTIVITY_BROWSER_BUDGET.toLocaleString('en-US')} B`,
      met: gzipBytes <= ACTIVITY_BROWSER_BUDGET,
    },
    { name: 'zod / openapi-fetch modules in it', value: heavy, unit: '', budget: '0', met: heavy === 0 },
  ];
  for (const entry of await measureFrameworkEntries())
    rows.push({
      name: `${entry.framework} entry over the browser entry, minified + gzip (${entry.framework} external)`,
      value: entry.gzipOver,
      unit: 'B',
      budget: `<= ${FRAMEWORK_ENTRY_BUDGET} B`,
      met: entry.gzipOver <= FRAMEWORK_ENTRY_BUDGET,
    });
  return { rows, budgetsMet: rows.every((row) => row.met !== false) };
}
