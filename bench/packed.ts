/**
 * What users install, measured (not a test; `pnpm bench` imports runPackedBench()): the public packages packed
 * with pnpm and installed with npm into the scratch project the package tests share
 * (docs/decisions.md#d-pkg-bench-public-api).
 *
 * - Tarball sizes, against the budgets the package tests enforce.
 * - The browser bundles (web entry of verifyWebhook, activity tracker), bundled by esbuild from the installed
 *   tarballs with the browser conditions, against their budgets; and what `@learnkit/activity/react`, `/vue` and
 *   `/svelte` add to the tracker, their framework external (docs/decisions.md#d-framework-entry-sizes).
 * - The public API against plain fetch to the same loopback server, interleaved, same run (bench/public-api.mjs,
 *   run with plain Node from the scratch project): lk.case.documents.get, lk.case.items.list (first page),
 *   lk.webhooks.subscriptions.get, and one call of each family of @learnkit/platform (rostering, applications,
 *   events, insights, beyond, discount codes). Budget 1.10x, goal 1.05x.
 * - The same call against plain fetch of the same request and bare openapi-fetch, on a server in a child process
 *   that responds at once (bench/instant-server.mjs): the SDK's own cost, which the slower loopback server above
 *   hides. Budget 1.05x, and under openapi-fetch.
 * - CASE JSON conversion of a 100,000-item framework (packages/case/bench/convert.ts, bundled with `@learnkit/*`
 *   left to the installed tarballs and run with plain Node from the scratch project). Budget under 3 s.
 *
 * Run on its own: `npx tsx bench/packed.ts` (after `pnpm build`).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BROWSER_BUNDLES, FRAMEWORK_BUNDLES, TARBALL_BUDGETS } from '../scripts/packages/budgets';
import { prepareScratch } from '../scripts/packages/scratch';
import { measureBundle, measureFrameworkEntry } from '../scripts/packages/sizes';
import { type BenchRow, isMain, round } from './support';

/** The public-API budget: at most this many times the plain fetch median. */
export const PUBLIC_API_BUDGET = 1.1;
/** What we aim for. */
export const PUBLIC_API_GOAL = 1.05;

/** One operation as bench/public-api.mjs reports it. */
interface ApiRow {
  operation: string;
  requests: number;
  fetchMs: number;
  learnkitMs: number;
  /** The median of the rounds' ratios (LearnKit's batch median over fetch's, round by round). */
  ratio: number;
  /** How many paired rounds the ratio is the median of. */
  rounds: number;
}

/** Runs `script` with plain Node in the scratch project and returns the rows of the JSON line it prints last. */
function rowsOfScript<Row>(project: string, script: string, args: string[] = []): Row[] {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: project,
    encoding: 'utf8',
    timeout: 900_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${script} failed: ${result.stderr || result.stdout}`);
  return (JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { rows: Row[] }).rows;
}

/** Runs bench/public-api.mjs with plain Node in the scratch project and returns its rows. */
function measurePublicApi(project: string): ApiRow[] {
  const script = join(project, 'bench-public-api.mjs');
  copyFileSync(fileURLToPath(new URL('./public-api.mjs', import.meta.url)), script);
  copyFileSync(
    fileURLToPath(new URL('../scripts/packages/partner.mjs', import.meta.url)),
    join(project, 'partner.mjs'),
  );
  return rowsOfScript<ApiRow>(project, script);
}

/** One client as bench/instant-server.mjs reports it. */
interface InstantRow {
  operation: string;
  requests: number;
  ms: number;
  /** The median of the rounds' ratios to plain fetch of the same request. */
  ratio: number;
  rounds: number;
}

/** The public API on a server that responds at once (docs/decisions.md#d-bench-instant-server). */
export const INSTANT_BUDGET = 1.05;

/** Runs bench/instant-server.mjs with plain Node in the scratch project and returns its rows. */
function measureInstantServer(project: string): BenchRow[] {
  const script = join(project, 'bench-instant-server.mjs');
  copyFileSync(fileURLToPath(new URL('./instant-server.mjs', import.meta.url)), script);
  const [fetchRow, authOnly, openapiFetch, learnkit] = rowsOfScript<InstantRow>(project, script);
  if (!fetchRow || !authOnly || !openapiFetch || !learnkit)
    throw new Error('instant-server.mjs: rows missing');
  const paired = (row: InstantRow) =>
    `${row.operation}, instant loopback server in a child process (ratio: median of ${row.rounds} paired rounds)`;
  return [
    {
      name: `${fetchRow.operation}, instant loopback server in a child process (${fetchRow.requests.toLocaleString('en-US')} sequential)`,
      value: round(fetchRow.ms, 3),
      unit: 'ms',
      ratio: 1,
    },
    { name: paired(authOnly), value: round(authOnly.ms, 3), unit: 'ms', ratio: round(authOnly.ratio, 3) },
    {
      name: paired(openapiFetch),
      value: round(openapiFetch.ms, 3),
      unit: 'ms',
      ratio: round(openapiFetch.ratio, 3),
    },
    {
      name: paired(learnkit),
      value: round(learnkit.ms, 3),
      unit: 'ms',
      ratio: round(learnkit.ratio, 3),
      budget: `<= ${INSTANT_BUDGET.toFixed(2)}x plain fetch, and under bare openapi-fetch (${round(openapiFetch.ratio, 3)}x)`,
      met: learnkit.ratio <= INSTANT_BUDGET && learnkit.ratio < openapiFetch.ratio,
    },
  ];
}

/**
 * Runs packages/case/bench/convert.ts on the installed tarballs: bundled by esbuild with every `@learnkit/*`
 * import left external, so the scratch project's dist files are what is timed, as in a user's project.
 */
async function measureCaseConvert(project: string): Promise<BenchRow[]> {
  const script = join(project, 'bench-case-convert.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('../packages/case/bench/convert.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['@learnkit/*'],
    outfile: script,
    logLevel: 'error',
  });
  return rowsOfScript<BenchRow>(project, script, ['--json']).map((row) => ({
    ...row,
    name: `${row.name}, packed @learnkit/case`,
  }));
}

/**
 * Measures the packed packages and returns the rows.
 *
 * @example
 * const { rows } = await runPackedBench();
 */
export async function runPackedBench(): Promise<{ rows: BenchRow[] }> {
  const scratch = await prepareScratch();
  const rows: BenchRow[] = [];

  for (const tarball of scratch.tarballs) {
    const budget = TARBALL_BUDGETS[tarball.name] ?? TARBALL_BUDGETS.default!;
    rows.push({
      name: `tarball of ${tarball.name} (pnpm pack, gzip)`,
      value: tarball.bytes,
      unit: 'B',
      budget: `< ${budget.toLocaleString('en-US')} B`,
      met: tarball.bytes < budget,
    });
  }

  for (const bundle of BROWSER_BUNDLES) {
    const size = await measureBundle(scratch.project, bundle);
    rows.push({
      name: `${bundle.name}, from the installed tarballs (esbuild, browser, minified + gzip -9)`,
      value: size.gzip,
      unit: 'B',
      budget: `<= ${bundle.budget.toLocaleString('en-US')} B`,
      met: size.gzip <= bundle.budget,
    });
    rows.push({ name: `${bundle.name}, minified`, value: size.minified, unit: 'B' });
  }

  for (const bundle of FRAMEWORK_BUNDLES) {
    const size = await measureFrameworkEntry(scratch.project, bundle);
    rows.push({
      name: `${bundle.name} over the activity browser entry, from the installed tarballs (${bundle.external[0]} external; gzip -9)`,
      value: size.gzipOver,
      unit: 'B',
      budget: `<= ${bundle.budget.toLocaleString('en-US')} B`,
      met: size.gzipOver <= bundle.budget,
    });
    rows.push({
      name: `${bundle.name} over the browser entry, minified`,
      value: size.minifiedOver,
      unit: 'B',
    });
  }

  for (const api of measurePublicApi(scratch.project)) {
    const overhead = round(api.ratio, 3);
    rows.push({
      name: `plain fetch, same request and loopback server (${api.requests.toLocaleString('en-US')} sequential)`,
      value: round(api.fetchMs, 3),
      unit: 'ms',
      ratio: 1,
    });
    rows.push({
      name: `${api.operation}, packed SDK, interleaved with the fetch above (ratio: median of ${api.rounds} paired rounds)`,
      value: round(api.learnkitMs, 3),
      unit: 'ms',
      ratio: overhead,
      budget: `<= ${PUBLIC_API_BUDGET.toFixed(2)}x plain fetch (goal ${PUBLIC_API_GOAL.toFixed(2)}x)`,
      met: overhead <= PUBLIC_API_BUDGET,
    });
  }
  rows.push(...measureInstantServer(scratch.project));
  rows.push(...(await measureCaseConvert(scratch.project)));
  return { rows };
}

if (isMain(import.meta.url)) {
  const { rows } = await runPackedBench();
  for (const row of rows)
    console.log(
      `${row.name}: ${row.value} ${row.unit}${row.ratio === undefined ? '' : ` (${row.ratio}x)`}${row.met === undefined ? '' : row.met ? ' met' : ' MISSED'}`,
    );
}
