#!/usr/bin/env node
// Writes packages/contract/test/fixtures/spec-operations.json: what the specification texts list (the operations
// of their endpoint tables, the OneRoster listings that accept `search`, the webhook event catalogue), so that
// `spec-coverage.test.ts` can hold openapi/ to them from inside the repository
// (docs/decisions.md#d-pkg-spec-operations).
//
// Usage: node scripts/spec/extract-operations.mjs <folder of the spec .txt files> [--check]
// --check compares with the committed file instead of writing it (exit 1 when they differ).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OUT = new URL('../../packages/contract/test/fixtures/spec-operations.json', import.meta.url);
const [specDir, flag] = process.argv.slice(2);
if (!specDir) {
  console.error('usage: node scripts/spec/extract-operations.mjs <spec folder> [--check]');
  process.exit(2);
}

const files = readdirSync(specDir)
  .filter((file) => file.endsWith('.txt'))
  .sort();
const texts = files.map((file) => readFileSync(join(specDir, file)));
const spec = texts.map((bytes) => bytes.toString('utf8')).join('\n');
const METHODS = /^(GET|PUT|POST|DELETE|PATCH)(, (GET|PUT|POST|DELETE|PATCH))*$/;

/** Expands the spec's shorthand `a and .../b` or `a and /b` into full paths. */
function expandPaths(cell) {
  const parts = cell.split(' and ').map((part) => part.replaceAll('`', '').trim());
  const first = parts[0];
  return parts.map((part, index) => {
    if (index === 0) return part;
    if (part.startsWith('.../')) {
      const rest = part.slice(3);
      const segment = rest.split('/')[1];
      const at = first.indexOf(`/${segment}`);
      return at >= 0 ? first.slice(0, at) + rest : first + rest;
    }
    // `/users/{id}/linkedUsers` after `/rostering/1.0/users/...`: relative to the first path's area root.
    const root = /^\/[^/]+\/[^/]+/.exec(first)[0];
    return part.startsWith(root) ? part : root + part;
  });
}

/** Every `| METHOD | /path | ...` row of the endpoint tables, as `METHOD /path`. */
function tableOperations() {
  const operations = [];
  for (const line of spec.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const [, methods, path] = cells;
    if (!methods || !path || !METHODS.test(methods)) continue;
    if (!path.startsWith('/') && !path.startsWith('`/')) continue;
    for (const method of methods.split(', '))
      for (const full of expandPaths(path)) operations.push(`${method} ${full}`);
  }
  return operations;
}

/** The OneRoster listings the spec names as accepting `search`: `GET base` + `a/`, `b/`, or a whole `GET path`. */
function searchListings() {
  const line = spec.split('\n').find((text) => text.startsWith('Endpoints that accept `search`'));
  const listings = [];
  for (const [, base, rest] of line.matchAll(/`GET ([^`]+)`(?: \+ ([^;]+))?/g)) {
    if (!rest) listings.push(`GET ${base}`);
    for (const [, suffix] of (rest ?? '').matchAll(/`([^`]+)`/g)) listings.push(`GET ${base}${suffix}`);
  }
  return listings;
}

/** The catalogue rows `| type | fires when | data fields | vX.Y |` ("same as above" repeats the row before). */
function catalogue() {
  const rows = {};
  let previous = '';
  for (const line of spec.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length === 6 && /^v\d+\.\d+$/.test(cells[4]) && /^[a-z_]+(\.[a-z_]+)+$/.test(cells[1])) {
      const fields = cells[3] === 'same as above' ? previous : cells[3];
      rows[cells[1]] = { since: cells[4], fields: fields.split(', ') };
      previous = fields;
    }
  }
  return rows;
}

const result = {
  $comment: 'Written by scripts/spec/extract-operations.mjs from the specification texts; see SOURCES.md.',
  sources: files.map((file, i) => ({ file, sha256: createHash('sha256').update(texts[i]).digest('hex') })),
  operations: tableOperations(),
  searchListings: searchListings(),
  catalogue: catalogue(),
};
const text = `${JSON.stringify(result, null, 2)}\n`;
if (flag === '--check') {
  const committed = readFileSync(OUT, 'utf8');
  if (committed !== text) {
    console.error('spec-operations.json differs from the spec texts: run without --check to rewrite it.');
    process.exit(1);
  }
  console.log('spec-operations.json matches the spec texts.');
} else {
  writeFileSync(OUT, text);
  console.log(
    `wrote ${OUT.pathname}: ${result.operations.length} operations, ${result.searchListings.length} search listings, ${Object.keys(result.catalogue).length} event types`,
  );
}
