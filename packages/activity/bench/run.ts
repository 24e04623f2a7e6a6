/**
 * Benchmark of @learnkit/activity (not a test; `pnpm bench` imports runActivityBench()): the size of the browser
 * entry as a page ships it, against the issue-7 budget of 4 kB gzip with no zod and no openapi-fetch inside.
 * `test/size.test.ts` fails the tests above the same budget.
 */
import type { BenchRow } from '../../../bench/support';
import { measureBrowserEntry } from './size';

/** Browser entry: minified bytes, gzip bytes (budget < 4096), and whether zod or openapi-fetch got in. */
export async function runActivityBench(): Promise<{ rows: BenchRow[]; budgetsMet: boolean }> {
  const { bytes, gzipBytes, modules } = await measureBrowserEntry();
  const heavy = modules.filter((m) => /(^|\/)(zod|openapi-fetch)(\/|$)/.test(m)).length;
  const rows: BenchRow[] = [
    { name: 'browser entry, minified', value: bytes, unit: 'B' },
    {
      name: 'browser entry, minified + gzip',
      value: gzipBytes,
      unit: 'B',
      budget: '< 4096 B',
      met: gzipBytes < 4096,
    },
    { name: 'zod / openapi-fetch modules in it', value: heavy, unit: '', budget: '0', met: heavy === 0 },
  ];
  return { rows, budgetsMet: rows.every((row) => row.met !== false) };
}
