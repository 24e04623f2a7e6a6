#!/usr/bin/env node
// `pnpm mutation [queue|python|all] [-- more arguments]`: mutation testing of the areas where
// tests that pass can still miss a changed condition: the activity queue and the Python transport
// (docs/testing.md#mutation-testing, docs/decisions.md#d-mutation-tools). Not part of `pnpm test`: a run takes tens of
// minutes.
//  - queue: StrykerJS (vitest runner) on the activity queue (scripts/mutation/stryker.queue.config.mjs); more
//    arguments go to `stryker run` (`--mutate <file>`, `--concurrency 2`). Report: reports/mutation/queue.{json,html}.
//  - python: the project's own mutant runner on the Python transport (scripts/mutation/python_mutants.py), with
//    the test venv `pnpm test:python` makes (made here first when missing). Report: reports/mutation/python.json.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--'));
if (args[0] !== undefined && !args[0].startsWith('-') && !['queue', 'python', 'all'].includes(args[0])) {
  console.error(`mutation: unknown area "${args[0]}"; use queue, python or all (default all)`);
  process.exit(2);
}
const which = ['queue', 'python', 'all'].includes(args[0] ?? '') ? (args.shift() ?? 'all') : 'all';
const extra = args.filter((arg, i) => !(i === 0 && arg === '--'));
const QUEUE_SOURCES = 'packages/activity/src/server/queue';

function run(command, commandArgs, env = process.env) {
  const done = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env });
  return done.status ?? 1;
}

function queue() {
  const stryker = join(root, 'node_modules', '.bin', 'stryker');
  const status = run(stryker, ['run', 'scripts/mutation/stryker.queue.config.mjs', ...extra]);
  // Stryker mutates in place and restores every file when it ends; a run killed hard could leave one behind.
  const left = spawnSync('git', ['status', '--porcelain', '--', QUEUE_SOURCES], {
    cwd: root,
    encoding: 'utf8',
  });
  if (left.stdout.trim()) {
    console.error(
      `mutation: ${QUEUE_SOURCES} still differs from git after Stryker:\n${left.stdout}` +
        'Restore it from .stryker-tmp/backup-* or with `git checkout -- ' +
        `${QUEUE_SOURCES}\` (if you had no change of your own there).`,
    );
    return 1;
  }
  return status;
}

function python() {
  const venvPython = join(root, 'python', 'test-venv', 'bin', 'python');
  if (!existsSync(venvPython)) {
    const made = run(process.execPath, [join(root, 'scripts', 'python-test.mjs'), '--install-only']);
    if (made !== 0) return made;
  }
  return run('python3', [
    join(root, 'scripts', 'mutation', 'python_mutants.py'),
    '--python',
    venvPython,
    '--json',
    join(root, 'reports', 'mutation', 'python.json'),
    ...extra,
  ]);
}

let failed = 0;
if (which === 'queue' || which === 'all') failed = queue() || failed;
if (which === 'python' || which === 'all') failed = python() || failed;
process.exit(failed);
