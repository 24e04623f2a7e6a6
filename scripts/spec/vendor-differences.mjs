#!/usr/bin/env node
// Compares openapi/oneroster.yaml with the vendor's published OneRoster description that it states
// (openapi/vendor/oneroster/openapi.yaml, docs/decisions.md#d-oneroster-vendor-document), operation by operation: every
// fact of its parameters, body and responds, each schema flattened to one line per member (`path: types format enum
// required`). What differs is a list of lines; `openapi/vendor/oneroster/differences.yaml` names each one with the
// decision behind it, and scripts/test/oneroster-vendor.test.ts holds the two lists equal.
//
// Usage: node scripts/spec/vendor-differences.mjs   prints every difference, and the ones no entry names
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const VENDOR_FILE = 'openapi/vendor/oneroster/openapi.yaml';
export const OURS_FILE = 'openapi/oneroster.yaml';
export const TABLE_FILE = 'openapi/vendor/oneroster/differences.yaml';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** A YAML file of the repository (the vendor's writes anchors, so aliases are followed). */
export const readYaml = (file, root = ROOT) =>
  parse(readFileSync(join(root, file), 'utf8'), { maxAliasCount: -1 });

/** What a local `$ref` names. */
function deref(document, value) {
  let current = value;
  while (current && typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((node, key) => node?.[key], document);
  }
  return current;
}

/** A schema with `allOf` merged and `anyOf: [X, { type: 'null' }]` read as X that may be null. */
function resolved(document, schema) {
  const s = deref(document, schema);
  if (!s) return undefined;
  if (Array.isArray(s.allOf)) {
    const merged = { type: 'object', properties: {}, required: [] };
    for (const part of s.allOf) {
      const inner = resolved(document, part);
      Object.assign(merged.properties, inner?.properties);
      merged.required.push(...(inner?.required ?? []));
    }
    return merged;
  }
  const branches = s.anyOf ?? s.oneOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const other = branches.find((branch) => deref(document, branch)?.type !== 'null');
    if (other && branches.some((branch) => deref(document, branch)?.type === 'null')) {
      const inner = resolved(document, other);
      return { ...inner, type: [...new Set([[inner.type ?? 'any'].flat(), 'null'].flat())] };
    }
  }
  return s;
}

/** The type of a schema as one word or `a|b`, sorted. */
function typeOf(s) {
  const type = s.type ?? (s.const !== undefined ? typeof s.const : s.properties ? 'object' : 'any');
  return [type].flat().slice().sort().join('|');
}

/**
 * One line per node of `schema`, depth first: `<where>: <type> [format=] [pattern=] [enum=] [const=] [minimum=]
 * [maximum=] [optional]`. Descriptions, examples, defaults and `additionalProperties` are not facts of the shape.
 */
export function facts(document, schema, where, required = true, out = [], seen = new Set()) {
  const s = resolved(document, schema);
  if (!s) return out;
  const bits = [typeOf(s)];
  if (s.format) bits.push(`format=${s.format}`);
  if (s.pattern) bits.push(`pattern=${s.pattern}`);
  if (s.enum) bits.push(`enum=${s.enum.map(String).sort().join(',')}`);
  if (s.const !== undefined) bits.push(`const=${s.const}`);
  for (const key of ['minimum', 'maximum']) if (s[key] !== undefined) bits.push(`${key}=${s[key]}`);
  if (!required) bits.push('optional');
  out.push(`${where}: ${bits.join(' ')}`);
  if (seen.has(s)) return out;
  const inner = new Set(seen).add(s);
  for (const [name, member] of Object.entries(s.properties ?? {})) {
    facts(document, member, `${where}.${name}`, (s.required ?? []).includes(name), out, inner);
  }
  if (s.items) facts(document, s.items, `${where}[]`, true, out, inner);
  return out;
}

/**
 * Every operation of a document by `METHOD path`, the path's parameters written `{}`: two paths that differ only by
 * the names of their parameters are one path to a server (the vendor writes `classes/{classSourcedId}/lineItems` and
 * `classes/{sourcedId}/lineItems`, which openapi/oneroster.yaml states as one path item).
 */
export function operationsOf(document) {
  const operations = new Map();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      if (!item[method]) continue;
      const key = `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;
      operations.set(key, { path, item, operation: item[method] });
    }
  }
  return operations;
}

/** The facts of one operation: its parameters, its body and each response. */
export function operationFacts(document, { item, operation }) {
  const out = [];
  const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) =>
    deref(document, p),
  );
  for (const p of parameters) facts(document, p.schema ?? {}, `${p.in} ${p.name}`, p.required === true, out);
  const body = deref(document, operation.requestBody);
  if (body) {
    out.push(`body: ${body.required === true ? 'required' : 'optional'}`);
    const schema = body.content?.['application/json']?.schema;
    if (schema) facts(document, schema, 'body', true, out);
  }
  for (const [status, rawResponse] of Object.entries(operation.responses ?? {})) {
    const response = deref(document, rawResponse);
    const schema = response?.content?.['application/json']?.schema;
    // A `content` that names no media type is no content (the vendor writes `content: {}` for none).
    if (schema) facts(document, schema, `response ${status}`, true, out);
    else out.push(`response ${status}: no content`);
  }
  return out;
}

/**
 * Every difference between the vendor's description and ours, as `<vendor operationId> <- or +> <fact>`: `-` for a
 * fact only the vendor states, `+` for one only ours states. An operation of the vendor's that ours lacks is
 * `<id> - operation METHOD path`; one of ours the vendor lacks is `<ours> + operation METHOD path`; an operationId
 * ours spells otherwise is `<id> + operationId <ours>`.
 */
export function differences(vendor = readYaml(VENDOR_FILE), ours = readYaml(OURS_FILE)) {
  const lines = [];
  const theirs = operationsOf(vendor);
  const mine = operationsOf(ours);
  for (const [key, entry] of theirs) {
    const id = entry.operation.operationId;
    const found = mine.get(key);
    if (!found) {
      lines.push(`${id} - operation ${key.split(' ')[0]} ${entry.path}`);
      continue;
    }
    if (found.operation.operationId !== id) lines.push(`${id} + operationId ${found.operation.operationId}`);
    const a = operationFacts(vendor, entry);
    const b = operationFacts(ours, found);
    const inB = new Set(b);
    const inA = new Set(a);
    for (const fact of a) if (!inB.has(fact)) lines.push(`${id} - ${fact}`);
    for (const fact of b) if (!inA.has(fact)) lines.push(`${id} + ${fact}`);
  }
  for (const [key, entry] of mine) {
    if (!theirs.has(key))
      lines.push(`${entry.operation.operationId} + operation ${key.split(' ')[0]} ${entry.path}`);
  }
  return lines;
}

/**
 * The table of named differences: entries `{ decision, why, operations: '*' | [ids], lines: [patterns] }`. Returns
 * the difference lines no entry names, and the entries that name no difference (so the table never keeps an entry
 * that stopped being true).
 */
export function unexplained(lines, table = readYaml(TABLE_FILE)) {
  const entries = table.map((entry) => ({
    ...entry,
    patterns: entry.lines.map((line) => new RegExp(`^${line}$`)),
    used: false,
  }));
  const unnamed = [];
  for (const line of lines) {
    const id = line.slice(0, line.indexOf(' '));
    const fact = line.slice(id.length + 1);
    const entry = entries.find(
      (e) => (e.operations === '*' || e.operations.includes(id)) && e.patterns.some((p) => p.test(fact)),
    );
    if (entry) entry.used = true;
    else unnamed.push(line);
  }
  return { unnamed, unused: entries.filter((e) => !e.used).map((e) => `${e.decision}: ${e.why}`) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const lines = differences();
  let table = [];
  try {
    table = readYaml(TABLE_FILE);
  } catch {}
  const { unnamed, unused } = unexplained(lines, table ?? []);
  console.log(`${lines.length} differences, ${unnamed.length} not named by ${TABLE_FILE}:`);
  for (const line of unnamed) console.log(`  ${line}`);
  for (const entry of unused) console.log(`unused entry: ${entry}`);
}
