// `pnpm bench`: runs every package's benchmark against its anchors in one process, one after another (so they do
// not compete for the two cores), and writes bench/RESULTS.md. A benchmark, never a timed test: nothing here fails
// the test command; budgets are reported as met or missed.
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from './support';

type Suite = { title: string; module: string; run: string };

const SUITES: Suite[] = [
  {
    title: '@learnkit/core: transport and pagination',
    module: '../packages/core/bench/run.ts',
    run: 'runCoreBench',
  },
  {
    title: '@learnkit/case: walking a framework',
    module: '../packages/case/bench/run.ts',
    run: 'runCaseBench',
  },
  {
    title: '@learnkit/oneroster: walking a roster',
    module: '../packages/oneroster/bench/run.ts',
    run: 'runOneRosterBench',
  },
  {
    title: '@learnkit/platform: walking the paged enrollments of /rostering/1.0',
    module: '../packages/platform/bench/run.ts',
    run: 'runPlatformBench',
  },
  {
    title:
      'What users install: tarballs, browser bundles, the public API and CASE JSON conversion, from the packed packages',
    module: './packed.ts',
    run: 'runPackedBench',
  },
  {
    title: '@learnkit/webhooks: verify throughput, and web size from the workspace sources',
    module: '../packages/webhooks/bench/run.ts',
    run: 'runWebhooksBench',
  },
  {
    title: '@learnkit/activity: browser entry size from the workspace sources',
    module: '../packages/activity/bench/run.ts',
    run: 'runActivityBench',
  },
  {
    title: 'learnkit (Python): LearnKit and AsyncLearnKit against bare httpx, concurrent records',
    module: './python.ts',
    run: 'runPythonBench',
  },
  {
    title:
      '@learnkit/activity: the activity queue at volume (100,000 records, Redis on loopback, 2 worker processes) against direct record()',
    module: '../packages/activity/bench/queue.ts',
    run: 'runActivityQueueBench',
  },
];

const format = (value: number) => (Number.isInteger(value) ? value.toLocaleString('en') : value.toFixed(3));

async function main() {
  const sections: string[] = [];
  for (const suite of SUITES) {
    process.stdout.write(`bench: ${suite.title} ... `);
    const started = performance.now();
    const module = (await import(suite.module)) as Record<string, () => Promise<{ rows: BenchRow[] }>>;
    const { rows } = await module[suite.run]!();
    console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const lines = rows.map(
      (row) =>
        `| ${row.name} | ${format(row.value)} ${row.unit} | ${row.ratio === undefined ? '' : `${row.ratio.toFixed(3)}x`} | ${row.budget ?? ''} | ${row.met === undefined ? '' : row.met ? 'met' : '**missed**'} |`,
    );
    sections.push(
      `## ${suite.title}\n\n| measure | value | ratio | budget | |\n|---|---|---|---|---|\n${lines.join('\n')}\n`,
    );
    for (const row of rows) {
      const ratio = row.ratio === undefined ? '' : ` (${row.ratio.toFixed(3)}x)`;
      const verdict = row.met === undefined ? '' : row.met ? '  budget met' : '  BUDGET MISSED';
      console.log(`  ${row.name}: ${format(row.value)} ${row.unit}${ratio}${verdict}`);
    }
  }
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const header = [
    '# Benchmark results',
    '',
    `Written by \`pnpm bench\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ${cpus().length} x ${cpu},`,
    `${Math.round(totalmem() / 2 ** 30)} GiB. Every ratio is measured in the same run as its anchor.`,
    '',
  ].join('\n');
  writeFileSync(join(import.meta.dirname, 'RESULTS.md'), `${header}\n${sections.join('\n')}`);
  console.log('bench: wrote bench/RESULTS.md');
}

await main();
