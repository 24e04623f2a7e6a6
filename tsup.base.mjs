// Shared tsup settings: every published package ships ESM + CJS with .d.ts/.d.cts, no bundled deps.
/** @param {Partial<import('tsup').Options>} overrides */
export function packageBuild(overrides = {}) {
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
