#!/usr/bin/env node
// Run by a package's build after tsup (docs/decisions.md#d-pkg-shared-openapi-types), in the package's folder.
//
//   node share-generated-types.mjs [--types a,b] [--cjs-bundle name]
//
// 1. `--types`: the OpenAPI types of src/generated/<name>.ts are declarations only (interfaces and type aliases, no
//    runtime), hundreds of kB. Bundled into both the .d.ts and the .d.cts of every entry they would be shipped twice
//    or more; instead tsup leaves their imports external, and this step copies each file to
//    dist/generated/<name>.d.cts (a CommonJS-format declaration file, which an ESM declaration may import and a
//    CommonJS one must, TS1541) and points the imports of the bundled declarations at it. It fails when a
//    declaration still refers to the sources, so a change of tsup's output cannot go unnoticed.
// 2. The declarations ship once: each dist/**/*.d.ts that tsup wrote with the content of its .d.cts twin becomes a
//    re-export of it (an ESM declaration may re-export a CommonJS one; docs/decisions.md#d-core-declarations-once),
//    and the .d.ts chunks only those imported are removed (not with `--own-esm-types`: see below).
// 3. `--cjs-bundle name`: the CommonJS build is one bundle, dist/<name>.cjs, of every entry's names; each entry's
//    .cjs picks its own names from it (the names its ESM entry exports), so one program loads one copy of the
//    package whichever entries it requires (docs/decisions.md#d-core-internal-entry).
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    types: { type: 'string' },
    'cjs-bundle': { type: 'string' },
    'own-esm-types': { type: 'boolean', default: false },
  },
});
const names = values.types ? values.types.split(',') : [];
const packageDir = process.cwd();
const dist = join(packageDir, 'dist');

/** Every file under `dir`, recursively, as paths. */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** The bundled declarations' imports of the generated types, pointed at dist/generated/<name>.cjs. */
function shareGeneratedTypes() {
  mkdirSync(join(dist, 'generated'), { recursive: true });
  for (const name of names) {
    mkdirSync(dirname(join(dist, 'generated', name)), { recursive: true });
    copyFileSync(
      join(packageDir, 'src', 'generated', `${name}.ts`),
      join(dist, 'generated', `${name}.d.cts`),
    );
  }
  // rollup renders the external import relative to the declaration: `../src/generated/case` (or
  // `./generated/case`). Only statements are rewritten (they start a line), not the same text inside a doc
  // comment's example.
  const specifier = new RegExp(
    `^((?:import|export)\\b[^;]*?from\\s*)(['"])(?:\\.\\.?/)+(?:src/)?generated/(${names.join('|')})(?:\\.js)?\\2`,
    'gm',
  );
  let rewritten = 0;
  for (const path of filesUnder(dist).filter((f) => /\.d\.c?ts$/.test(f))) {
    const text = readFileSync(path, 'utf8');
    const target = relative(dirname(path), join(dist, 'generated'));
    const next = text.replace(specifier, (_match, statement, quote, name) => {
      rewritten++;
      return `${statement}${quote}${target.startsWith('.') ? target : `./${target}`}/${name}.cjs${quote}`;
    });
    if (/^(?:import|export)\b[^;]*?from\s*['"][./]*src\//m.test(next))
      throw new Error(`${relative(dist, path)} still imports from src/`);
    writeFileSync(path, next);
  }
  if (rewritten === 0)
    throw new Error('no import of the generated types found in dist/**/*.d.ts: check the tsup config');
  return rewritten;
}

/** The package's entries as package.json's `exports` names them: `{ esm, cjs, esmTypes }`, paths in dist/. */
function entries() {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  return Object.values(manifest.exports ?? {})
    .filter((target) => typeof target === 'object' && target.import && target.require)
    .map((target) => ({
      esm: join(packageDir, target.import.default),
      cjs: join(packageDir, target.require.default),
      esmTypes: join(packageDir, target.import.types),
    }));
}

/** Each entry's .d.ts a re-export of its .d.cts twin; the .d.ts chunks that only those imported, removed. */
function declarationsOnce() {
  const entryTypes = new Set(entries().map((entry) => entry.esmTypes));
  for (const esm of entryTypes) {
    const cjs = esm.replace(/\.d\.ts$/, '.d.cts');
    if (readFileSync(esm, 'utf8').replaceAll(".js'", ".cjs'") !== readFileSync(cjs, 'utf8'))
      throw new Error(
        `${relative(dist, esm)} and its .d.cts differ: the ESM types cannot re-export the CommonJS ones`,
      );
    writeFileSync(esm, `export * from './${basename(esm, '.d.ts')}.cjs';\n`);
  }
  const chunks = filesUnder(dist).filter(
    (f) => f.endsWith('.d.ts') && !entryTypes.has(f) && existsSync(f.replace(/\.d\.ts$/, '.d.cts')),
  );
  for (const chunk of chunks) rmSync(chunk);
  return entryTypes.size;
}

/** Each CommonJS entry picks its names (those of its ESM twin) from the one bundle. */
async function cjsEntriesOverBundle(bundle) {
  const list = entries();
  for (const { esm, cjs } of list) {
    const exported = Object.keys(await import(pathToFileURL(esm).href)).sort();
    const from = relative(dirname(cjs), join(dist, `${bundle}.cjs`));
    const text = [
      "'use strict';",
      `const bundle = require('${from.startsWith('.') ? from : `./${from}`}');`,
      `for (const name of ${JSON.stringify(exported)})`,
      '  Object.defineProperty(exports, name, { enumerable: true, get: () => bundle[name] });',
      '',
    ].join('\n');
    writeFileSync(cjs, text);
  }
  return list.length;
}

const rewritten = names.length > 0 ? shareGeneratedTypes() : 0;
// `--own-esm-types`: the ESM declarations keep their own imports. A package whose types import a peer with separate
// ESM and CommonJS declarations (the mock's msw) needs them: re-exported from the .d.cts, an ESM program would read
// msw's CommonJS types beside its own ESM ones, two `HttpHandler`s that do not match.
const once = values['own-esm-types'] ? 0 : declarationsOnce();
const picked = values['cjs-bundle'] ? await cjsEntriesOverBundle(values['cjs-bundle']) : 0;
console.log(
  `share-generated-types: ${names.length} files in dist/generated/ (${rewritten} imports rewritten), ${once} .d.ts re-exporting their .d.cts, ${picked} CommonJS entries over one bundle`,
);
