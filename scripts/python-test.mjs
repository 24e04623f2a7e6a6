#!/usr/bin/env node
// `pnpm test:python`: the Python package tested as a user installs it (docs/decisions.md#d-python-wheel-tests).
//  1. the wheel and the sdist, built with the standard build front end (`python -m build`);
//  2. a fresh virtual environment with the wheel (and its extras) and the test tools installed, from a wheelhouse
//     kept in python/.cache (filled once per change of python/requirements-test.txt, from the package index pip is
//     configured with), so each run installs offline in seconds;
//  3. `mypy --strict` (the current release), `pyright --verifytypes learnkit` (pyright from npm) against the
//     installed package, and pytest against the installed wheel, never the source folder.
// Arguments after `--` go to pytest (`pnpm test:python -- tests/test_client.py -k tokens`).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const project = join(root, 'python');
const cache = join(project, '.cache');
const wheelhouse = join(cache, 'wheelhouse');
const dist = join(project, 'dist');
// Not a hidden folder: pyright skips packages under one.
const venv = join(project, 'test-venv');
const bin = (name) => join(venv, 'bin', name);
const requirements = join(project, 'requirements-test.txt');
const pytestArgs = process.argv
  .slice(2)
  .filter((arg, i) => arg !== '--install-only' && !(i === 0 && arg === '--'));
// Every pip of this script: no question, no version nag, one try at an index that does not respond.
const PIP_ENV = { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: '1', PIP_NO_INPUT: '1', PIP_RETRIES: '0' };
const OFFLINE = { ...PIP_ENV, PIP_NO_INDEX: '1', PIP_FIND_LINKS: wheelhouse };

function run(command, args, options = {}) {
  const started = Date.now();
  const done = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (done.status !== 0) {
    console.error(`test:python: ${[command, ...args].join(' ')} failed (exit ${done.status ?? done.signal})`);
    process.exit(done.status || 1);
  }
  return Date.now() - started;
}

function python() {
  for (const candidate of ['python3', 'python']) {
    const probe = spawnSync(candidate, [
      '-c',
      'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))',
    ]);
    if (probe.status === 0) return candidate;
  }
  console.error(
    'test:python: needs Python 3.11+ with venv and ensurepip (Debian: apt-get install python3 python3-venv)',
  );
  process.exit(1);
}

const py = python();
const version = /__version__ = "([^"]+)"/.exec(
  readFileSync(join(project, 'learnkit', '_version.py'), 'utf8'),
)[1];

// 1. The wheelhouse: every wheel the tests install, downloaded once per change of the requirements.
const wanted = readFileSync(requirements, 'utf8');
const stamp = createHash('sha256')
  .update(wanted)
  .update(readFileSync(join(project, 'pyproject.toml')))
  .digest('hex');
const stampFile = join(cache, 'wheelhouse.sha256');
if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp) {
  console.log('test:python: filling python/.cache/wheelhouse (once per change of requirements-test.txt) ...');
  rmSync(wheelhouse, { recursive: true, force: true });
  mkdirSync(wheelhouse, { recursive: true });
  run(py, ['-m', 'pip', 'download', '-qq', '-d', wheelhouse, '-r', requirements], { env: PIP_ENV });
  writeFileSync(stampFile, stamp);
}

// 2. A fresh virtual environment (pip runs from outside it: `pip --python`), the test tools from the wheelhouse, then
//    the wheel and the sdist built by the standard build front end, and the wheel with its extras installed.
rmSync(dist, { recursive: true, force: true });
rmSync(join(project, 'build'), { recursive: true, force: true });
rmSync(venv, { recursive: true, force: true });
const pip = (args, env = OFFLINE) => run(py, ['-m', 'pip', '--python', bin('python'), ...args], { env });
let ms = run(py, ['-m', 'venv', '--without-pip', venv]);
ms += pip(['install', '-qq', '-r', requirements]);
ms += run(bin('python'), ['-m', 'build', '--no-isolation', '--sdist', '--wheel', '--outdir', dist, project], {
  env: OFFLINE,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const wheel = readdirSync(dist).find((name) => name.endsWith('.whl'));
const sdist = readdirSync(dist).find((name) => name.endsWith('.tar.gz'));
if (!wheel || !sdist || !wheel.startsWith(`learnkit-${version}-`)) {
  console.error(
    `test:python: python -m build made ${readdirSync(dist).join(', ')}, not learnkit ${version}'s wheel and sdist`,
  );
  process.exit(1);
}
ms += pip(['install', '-qq', `${join(dist, wheel)}[fastapi,django,redis,lti]`], {
  ...OFFLINE,
  PIP_FIND_LINKS: `${wheelhouse} ${dist}`,
});
rmSync(join(project, 'build'), { recursive: true, force: true });
console.log(
  `test:python: built ${wheel} and ${sdist}, installed into a fresh python/test-venv (${(ms / 1000).toFixed(1)} s)`,
);

if (process.argv.includes('--install-only')) process.exit(0);

// 3. Types: mypy --strict over the package and its tests; pyright's completeness report of the installed package.
run(bin('mypy'), ['--strict'], { cwd: project });
const outside = mkdtempSync(join(tmpdir(), 'learnkit-pyright-'));
try {
  // From a folder without the sources, so pyright reads the installed wheel; --verifytypes finds packages with the
  // `python` on PATH (it ignores --pythonpath), so the environment's comes first.
  const pyright = join(root, 'node_modules', '.bin', 'pyright');
  run(pyright, ['--verifytypes', 'learnkit', '--ignoreexternal'], {
    cwd: outside,
    env: { ...process.env, PATH: `${join(venv, 'bin')}:${process.env.PATH}` },
  });
} finally {
  rmSync(outside, { recursive: true, force: true });
}

// 4. The tests, against the installed wheel (tests/conftest.py refuses to run on the source folder).
run(bin('pytest'), ['-q', ...pytestArgs], {
  cwd: project,
  env: { ...process.env, LEARNKIT_TEST_INSTALLED: '1', PYTHONDONTWRITEBYTECODE: '1' },
});
