#!/usr/bin/env node
// Run by `@learnkit/core`'s build after tsup (docs/decisions.md#d-pkg-shared-openapi-types).
//
// The OpenAPI types of src/generated/{case,platform,oneroster}.ts are declarations only (interfaces and type
// aliases, no runtime), about 360 kB. Bundled into both index.d.ts and index.d.cts they would be shipped twice;
// instead tsup leaves their imports external, and this step:
// 1. copies each file to dist/generated/<name>.d.cts (a CommonJS-format declaration file, which an ESM
//    declaration may import and a CommonJS one must, TS1541), and
// 2. points the imports of the bundled declarations at it (`./generated/<name>.cjs`).
// It fails when a declaration still refers to the sources, so a change of tsup's output cannot go unnoticed.
// 3. ships the public declarations once: dist/index.d.ts (the ESM entry's types) becomes a re-export of
//    dist/index.d.cts, which tsup writes with the same content; an ESM declaration may re-export a CommonJS one,
//    and the two copies were a seventh of the tarball (docs/decisions.md#d-s21-core-declarations-once).
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const NAMES = ['case', 'platform', 'oneroster'];
const packageDir = process.cwd();
const dist = join(packageDir, 'dist');

mkdirSync(join(dist, 'generated'), { recursive: true });
for (const name of NAMES) {
  copyFileSync(join(packageDir, 'src', 'generated', `${name}.ts`), join(dist, 'generated', `${name}.d.cts`));
}

// rollup renders the external import relative to dist/: `../src/generated/case` (or `./generated/case`). Only
// statements are rewritten (they start a line), not the same text inside a doc comment's example.
const specifier = new RegExp(
  `^((?:import|export)\\b[^;]*?from\\s*)(['"])(?:\\.\\.?/)+(?:src/)?generated/(${NAMES.join('|')})\\2`,
  'gm',
);
let rewritten = 0;
for (const file of readdirSync(dist).filter((f) => /\.d\.c?ts$/.test(f))) {
  const path = join(dist, file);
  const text = readFileSync(path, 'utf8');
  const next = text.replace(specifier, (_match, statement, quote, name) => {
    rewritten++;
    return `${statement}${quote}./generated/${name}.cjs${quote}`;
  });
  if (/^(?:import|export)\b[^;]*?from\s*['"][./]*src\//m.test(next))
    throw new Error(`${file} still imports from src/`);
  writeFileSync(path, next);
}
if (rewritten === 0)
  throw new Error('no import of the generated types found in dist/*.d.ts: check the tsup config');
const esm = join(dist, 'index.d.ts');
const cjs = join(dist, 'index.d.cts');
if (readFileSync(esm, 'utf8') !== readFileSync(cjs, 'utf8'))
  throw new Error(
    'dist/index.d.ts and dist/index.d.cts differ: the ESM types cannot simply re-export the CommonJS ones',
  );
writeFileSync(esm, "export * from './index.cjs';\n");
console.log(
  `share-generated-types: ${NAMES.length} files in dist/generated/, ${rewritten} imports rewritten, index.d.ts re-exports index.d.cts`,
);
