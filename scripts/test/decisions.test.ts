// Every decision the code relies on lives in docs/decisions.md under a stable anchor, and every citation of one
// resolves (docs/decisions.md#d-design-brief-map); old anchors are rows of its redirect table: a reader of the repository can follow each of them.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
// Built, installed or ignored output (as .gitignore says), and binary files.
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'coverage',
  '.git',
  '.turbo',
  '.runtimes',
  '.tmp',
  'api',
  '__pycache__',
  '.mypy_cache',
  // The Python tests' virtual environment and wheelhouse (docs/decisions.md#d-python-wheel-tests).
  'test-venv',
  '.cache',
]);
const TEXT = /\.(?:[cm]?[jt]sx?|json|ya?ml|md|html|css|sh|py|toml)$|^run$/;

/** Every text file of the repository, as paths relative to its root. */
function textFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : textFiles(path);
    return TEXT.test(entry.name) && path !== SELF && entry.name !== 'pnpm-lock.yaml'
      ? [relative(ROOT, path)]
      : [];
  });
}

const files = textFiles();
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const decisions = read('docs/decisions.md');
/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchors = new Set([
  ...[...decisions.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]),
  ...[...decisions.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1] as string)),
]);

/** `file:line: text` of every line of `text` matching `pattern`. */
function hits(file: string, text: string, pattern: RegExp): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('decisions live in the repository', () => {
  it('finds the files it checks (sources, tests, documents, scripts)', () => {
    for (const file of ['docs/decisions.md', 'openapi/platform.yaml', 'packages/core/src/index.ts']) {
      expect(files).toContain(file);
    }
  });

  it("cites no decision of the design brief, which is not in the repository, by that file's name", () => {
    // Built from parts, so this line does not match itself.
    const brief = new RegExp(`\\b${'DESI'}GN\\b`);
    expect(files.flatMap((file) => hits(file, read(file), brief))).toEqual([]);
  });

  it('cites only anchors that exist in docs/decisions.md', () => {
    const missing: string[] = [];
    for (const file of files) {
      for (const m of read(file).matchAll(/decisions\.md#([A-Za-z0-9_-]+)/g)) {
        if (!anchors.has(m[1] as string)) missing.push(`${file}: #${m[1]}`);
      }
    }
    // Links inside docs/decisions.md itself.
    for (const m of decisions.matchAll(/\]\(#([A-Za-z0-9_-]+)\)/g)) {
      if (!anchors.has(m[1] as string)) missing.push(`docs/decisions.md: #${m[1]}`);
    }
    expect(missing).toEqual([]);
  });

  // The file is grouped by topic; the anchors of earlier layouts survive only as rows of its redirect table.
  const [body = '', table = ''] = decisions.split(/^## Redirects from old anchors$/m);
  const ids = (text: string) => [...text.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1] as string);

  it('names every anchor after its decision, not after an issue or a number', () => {
    // As d-i99-custom and d-i99m-split (issues), d-s99-hooks (sessions), d-oa-99 (a bare number).
    const numbered = /^d-(?:[is]\d+m?-|[a-z]{1,3}-\d+$|\d)/;
    expect(ids(body).filter((id) => numbered.test(id))).toEqual([]);
    expect(body.match(/^## Issue \d+.*$/gm) ?? []).toEqual([]);
  });

  it('redirects every old anchor to an anchor that exists', () => {
    const rows = [...table.matchAll(/^\| <a id="([^"]+)"><\/a>`[^`]*` \| \[[^\]]*\]\(#([^)]+)\) \|$/gm)];
    expect(rows.length).toBe(ids(table).length);
    const current = new Set(ids(body));
    expect(
      rows.filter((row) => !current.has(row[2] as string)).map((row) => `${row[1]} -> ${row[2]}`),
    ).toEqual([]);
  });

  it('gives every anchor one entry', () => {
    const ids = [...decisions.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});
