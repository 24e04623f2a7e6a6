// The Python package's budgets (issue 30): LearnKit against bare httpx.Client on one loopback server, AsyncLearnKit
// against bare httpx.AsyncClient with a thousand reads at once, and 200 concurrent `record` calls. Runs
// bench/python_bench.py with the environment `pnpm test:python` makes (the installed wheel), made afresh from the
// sources first: a venv left by an earlier run would measure an older wheel. A benchmark, not a test: budgets are
// reported as met or missed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { BenchRow } from './support';

const root = join(import.meta.dirname, '..');
const python = join(root, 'python', 'test-venv', 'bin', 'python');

export async function runPythonBench(): Promise<{ rows: BenchRow[] }> {
  const made = spawnSync(process.execPath, [join(root, 'scripts', 'python-test.mjs'), '--install-only'], {
    stdio: 'inherit',
  });
  if (made.status !== 0) throw new Error('bench: could not make the Python environment (pnpm test:python)');
  // Its stages and any failure go straight to the terminal: on a loaded machine the run takes minutes.
  const done = spawnSync(python, [join(root, 'bench', 'python_bench.py')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (done.status !== 0)
    throw new Error(`bench: python_bench.py failed (exit ${done.status ?? done.signal}, see above)`);
  const { rows } = JSON.parse(done.stdout.trim().split('\n').at(-1) ?? '{}') as { rows: BenchRow[] };
  return { rows };
}
