#!/usr/bin/env node
// `pnpm lint`'s Python half: `ruff format --check` and `ruff check` on python/ with the settings of
// python/pyproject.toml (docs/decisions.md#d-python-ruff). Ruff is pinned and installed by this script into a tools
// venv in python/.cache (gitignored), created on first use and reused while the pin holds, so a fresh clone needs
// only Python 3.11+ and the package index pip is configured with.
//
//   node scripts/python-lint.mjs          check, exit 1 on any finding
//   node scripts/python-lint.mjs --fix    format and apply ruff's safe fixes
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PYTHON_PROJECT = join(root, 'python');
/** The one ruff every lint and every `pnpm gen` uses: a new version may format differently, so it is pinned. */
export const RUFF_VERSION = '0.16.9';
const venv = join(PYTHON_PROJECT, '.cache', 'tools-venv');
const stamp = join(venv, 'ruff.version');

function pythonCommand() {
  for (const candidate of ['python3', 'python']) {
    const probe = spawnSync(candidate, ['-c', 'import sys, venv; sys.exit(sys.version_info < (3, 11))']);
    if (probe.status === 0) return candidate;
  }
  throw new Error('python-lint: needs Python 3.11+ with venv (Debian: apt-get install python3 python3-venv)');
}

// As scripts/python-test.mjs: no question, no version nag, one try at an index that does not respond (an index
// the machine cannot reach would otherwise cost five retries before pip reads the next one).
const PIP_ENV = { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: '1', PIP_NO_INPUT: '1', PIP_RETRIES: '0' };

function must(command, args, what) {
  const done = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env: PIP_ENV });
  if (done.status !== 0) {
    throw new Error(
      `python-lint: ${what} failed (${[command, ...args].join(' ')}, exit ${done.status ?? done.signal})`,
    );
  }
}

/** The path of the pinned ruff, installed into the tools venv first when it is missing or another version. */
export function ruffBin() {
  const ruff = join(venv, 'bin', 'ruff');
  if (existsSync(ruff) && existsSync(stamp) && readFileSync(stamp, 'utf8') === RUFF_VERSION) return ruff;
  mkdirSync(dirname(venv), { recursive: true });
  if (!existsSync(join(venv, 'bin', 'python')))
    must(pythonCommand(), ['-m', 'venv', venv], 'creating the tools venv');
  must(
    join(venv, 'bin', 'python'),
    ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', `ruff==${RUFF_VERSION}`],
    `installing ruff ${RUFF_VERSION}`,
  );
  writeFileSync(stamp, RUFF_VERSION);
  return ruff;
}

function main() {
  const fix = process.argv.includes('--fix');
  const ruff = ruffBin();
  const steps = fix
    ? [
        ['check', '--fix', '.'],
        ['format', '.'],
      ]
    : [
        ['format', '--check', '.'],
        ['check', '.'],
      ];
  let failed = false;
  for (const args of steps) {
    const done = spawnSync(ruff, args, { cwd: PYTHON_PROJECT, stdio: 'inherit' });
    if (done.status !== 0) failed = true;
  }
  if (failed) {
    console.error(
      'python-lint: run `node scripts/python-lint.mjs --fix`, then fix by hand what ruff cannot.',
    );
    process.exit(1);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
