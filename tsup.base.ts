// Shared tsup settings: every published package ships ESM + CJS with .d.ts/.d.cts, no bundled deps.
import type { Options } from 'tsup';

/** The build of a published package; `overrides` adds entries (a CLI, a subpath) or changes a setting. */
export function packageBuild(overrides: Partial<Options> = {}): Options {
  return {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    treeshake: true,
    target: 'es2022',
    splitting: false,
    ...overrides,
  };
}
