// Writing and checking generated files: shared by `pnpm gen` (scripts/gen.mjs) and the generators a package runs
// on its own (packages/*/scripts/gen-*.mjs), so each says the same thing when a checked-in file drifts.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The generated paths whose file on disk under `root` is missing or differs from `outputs`. */
export function findDrift(outputs, root) {
  return outputs
    .filter(({ path, content }) => {
      const file = join(root, path);
      return !existsSync(file) || readFileSync(file, 'utf8') !== content;
    })
    .map(({ path }) => path);
}

/**
 * What a generator run on its own does with its `outputs` (`{ path, content }`, paths relative to `root`): writes
 * them, or with `--check` exits 1 at the first file that differs from what `source` gives. `name` starts each line.
 */
export function writeOrCheck(outputs, { name, source, root, check = process.argv.includes('--check') }) {
  for (const { path, content } of outputs) {
    const file = join(root, path);
    if (check) {
      if (findDrift([{ path, content }], root).length > 0) {
        console.error(`${name} --check: ${path} differs from ${source}; run the generator.`);
        process.exit(1);
      }
      console.log(`${name} --check: ${path} is current.`);
    } else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
      console.log(`wrote ${path}`);
    }
  }
}
