// Formats generated TypeScript with the repository's own Biome settings (docs/decisions.md#d-generated-resources), so
// generated files read like the hand-written ones: one Biome run over a scratch folder, the same result every time
// for the same input (the Biome version is pinned), which `pnpm gen:check` relies on.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ruffBin } from '../python-lint.mjs';

const require = createRequire(import.meta.url);

/** The Biome command of the workspace (its JavaScript entry, run with this Node). */
function biomeBin() {
  const manifest = require.resolve('@biomejs/biome/package.json');
  return join(dirname(manifest), 'bin', 'biome');
}

/** `outputs` (`{ path, content }`, TypeScript) formatted as `biome format` would in this repository. */
export function formatTypeScript(outputs, root) {
  if (outputs.length === 0) return outputs;
  const settings = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  const scratch = mkdtempSync(join(tmpdir(), 'learnkit-gen-'));
  try {
    writeFileSync(
      join(scratch, 'biome.json'),
      JSON.stringify({
        formatter: settings.formatter,
        javascript: settings.javascript,
        assist: { actions: { source: { organizeImports: 'on' } } },
      }),
    );
    for (const [i, output] of outputs.entries()) writeFileSync(join(scratch, `${i}.ts`), output.content);
    // `check --write` formats and sorts imports, as `pnpm format` does for hand-written files.
    try {
      execFileSync(process.execPath, [biomeBin(), 'check', '--write', '--linter-enabled=false', scratch], {
        cwd: scratch,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    } catch (error) {
      const said = String(error.stderr ?? error.message)
        .split('\n')
        .slice(0, 12)
        .join('\n');
      const first = /^(\d+)\.ts/m.exec(said);
      const file = first ? outputs[Number(first[1])]?.path : 'a generated file';
      throw new Error(
        `gen: Biome could not format ${file}; the generator wrote invalid TypeScript:\n${said}`,
      );
    }
    return outputs.map((output, i) => ({
      path: output.path,
      content: readFileSync(join(scratch, `${i}.ts`), 'utf8'),
    }));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * `outputs` (`{ path, content }`, Python under python/) fixed and formatted by the pinned ruff with the settings of
 * python/pyproject.toml, as `pnpm lint` checks them (docs/decisions.md#d-python-ruff): the files are laid out in a
 * scratch copy of python/ so ruff sees the same paths (first-party `learnkit`) and settings.
 */
export function formatPython(outputs, root) {
  if (outputs.length === 0) return outputs;
  const scratch = mkdtempSync(join(tmpdir(), 'learnkit-gen-py-'));
  try {
    writeFileSync(join(scratch, 'pyproject.toml'), readFileSync(join(root, 'python', 'pyproject.toml')));
    const local = (path) => join(scratch, path.replace(/^python\//, ''));
    for (const output of outputs) {
      mkdirSync(dirname(local(output.path)), { recursive: true });
      writeFileSync(local(output.path), output.content);
    }
    const ruff = ruffBin();
    for (const args of [
      ['check', '--fix', '--exit-zero', '--quiet', '.'],
      ['format', '--quiet', '.'],
    ]) {
      try {
        execFileSync(ruff, args, { cwd: scratch, stdio: ['ignore', 'ignore', 'pipe'] });
      } catch (error) {
        const said = String(error.stderr ?? error.message)
          .split('\n')
          .slice(0, 12)
          .join('\n');
        throw new Error(
          `gen: ruff could not ${args[0]} the generated Python; the generator wrote invalid code:\n${said}`,
        );
      }
    }
    return outputs.map((output) => ({
      path: output.path,
      content: readFileSync(local(output.path), 'utf8'),
    }));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
