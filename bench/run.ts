// `pnpm bench`: runs every package's benchmark against its anchors in one process, one after another (so they do
// not compete for the two cores), and writes bench/RESULTS.md. A benchmark, never a timed test: nothing here fails
// the test command; budgets are reported as met or missed.
import { readFileSync, writeFileSync } from 'node:fs';
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
    title:
      "@learnkit/lti: a launch verified with a cached key against jose's jwtVerify, key-set fetches after a rotation",
    module: '../packages/lti/bench/run.ts',
    run: 'runLtiBench',
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
  {
    title:
      '@learnkit/activity: heartbeats at volume (10,000 learners through the handler on the queue, Redis, 2 worker processes, a 503 outage, a worker SIGKILLed)',
    module: '../packages/activity/bench/heartbeats.ts',
    run: 'runHeartbeatBench',
  },
  {
    title:
      '@learnkit/webhooks: consumers at volume (2 cluster processes, Redis dedupe store, 20,000 deliveries) against stripe.webhooks.constructEvent',
    module: '../packages/webhooks/bench/consumers.ts',
    run: 'runWebhookConsumersBench',
  },
];

// `bench/run.ts --only <words>` runs the suites whose title contains <words> and puts their sections into the
// RESULTS.md there is (replacing a section of the same title, else at the end), leaving the others as they were:
// a suite re-measured alone, on a shared machine, without running every other one.
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;

/** `text` (RESULTS.md) with each of `sections` in place of the section of its title, or added at the end. */
function mergeSections(text: string, sections: string[]): string {
  let out = text.endsWith('\n') ? text : `${text}\n`;
  for (const section of sections) {
    const title = section.slice(0, section.indexOf('\n'));
    const at = out.indexOf(`${title}\n`);
    if (at < 0) {
      out = `${out}\n${section}`;
      continue;
    }
    const next = out.indexOf('\n## ', at + title.length);
    out = `${out.slice(0, at)}${section}${next < 0 ? '' : out.slice(next)}`;
  }
  return out;
}

const format = (value: number) => (Number.isInteger(value) ? value.toLocaleString('en') : value.toFixed(3));

async function main() {
  const sections: string[] = [];
  for (const suite of SUITES.filter((s) => only === undefined || s.title.includes(only))) {
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
  const file = join(import.meta.dirname, 'RESULTS.md');
  if (only !== undefined) {
    writeFileSync(file, mergeSections(readFileSync(file, 'utf8'), sections));
    console.log(`bench: merged ${sections.length} section(s) into bench/RESULTS.md`);
    return;
  }
  writeFileSync(file, `${header}\n${sections.join('\n')}`);
  console.log('bench: wrote bench/RESULTS.md');
}

await main();
