#!/usr/bin/env node
// First step of `pnpm test`: the system programs some tests run for real (redis-server for the Redis dedupe store,
// Chromium for the browser tracker, Python 3.11+ with venv for the Python package; docs/decisions.md#d-python-in-test-command). A fresh machine has only Node and npm, so install what is missing with
// apt-get when we are root; otherwise say exactly what to install. Nothing is ever skipped for want of them.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** What the tests need: how to tell it is there, and the Debian packages that provide it. */
const NEEDS = [
  { what: 'redis-server', present: () => onPath('redis-server'), packages: ['redis-server'] },
  // The browser tests take CHROMIUM_PATH too; a Chromium there needs no install.
  {
    what: 'Chromium',
    present: () => existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium'),
    packages: ['chromium'],
  },
  // The Python package's tests (`pnpm test:python`): `python3` builds the wheel and makes the virtual environment
  // the tests run in (pip fills it; mypy and pytest come from there, docs/decisions.md#d-python-wheel-tests).
  { what: 'Python 3.11 or newer', present: () => pythonAtLeast(3, 11), packages: ['python3'] },
  {
    what: "Python's venv and pip",
    present: () => pythonHas('venv, ensurepip'),
    packages: ['python3-venv', 'python3-pip'],
  },
];

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Whether `python3` on PATH imports `modules`. */
function pythonHas(modules) {
  return spawnSync('python3', ['-c', `import ${modules}`], { stdio: 'ignore' }).status === 0;
}

/** Whether `python3` on PATH is at least `major.minor`. */
function pythonAtLeast(major, minor) {
  const probe = spawnSync(
    'python3',
    ['-c', `import sys; sys.exit(0 if sys.version_info >= (${major}, ${minor}) else 1)`],
    { stdio: 'ignore' },
  );
  return probe.status === 0;
}

const missing = NEEDS.filter((need) => !need.present());
if (missing.length === 0) process.exit(0);

const packages = missing.flatMap((need) => need.packages);
if (process.getuid?.() !== 0) {
  console.error(
    `The tests need ${missing.map((need) => need.what).join(' and ')}. Install them first:\n` +
      `  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`,
  );
  process.exit(1);
}
console.log(`ensure-system: installing ${packages.join(', ')} with apt-get ...`);
const run = (args) =>
  execFileSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
run(['update', '-qq']);
run(['install', '-y', '-qq', '--no-install-recommends', ...packages]);
for (const need of missing) {
  if (!need.present()) {
    console.error(
      `ensure-system: ${need.what} is still missing after installing ${need.packages.join(', ')}`,
    );
    process.exit(1);
  }
}
