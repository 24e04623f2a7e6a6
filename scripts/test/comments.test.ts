// Hand-written comments say why the code is as it is, not what happened before: no issue numbers, no "another issue
// is splitting", no "used to" or "was ... before". The history lives in git; a decision lives in docs/decisions.md.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SELF = relative(ROOT, fileURLToPath(import.meta.url));

/** Where hand-written source lives. */
const ROOTS = ['packages', 'python/learnkit', 'scripts'];
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'coverage',
  '__pycache__',
  '.mypy_cache',
  'test-venv',
  '.cache',
]);
/** Written by `pnpm gen`: their text comes from the documents and generators, which are checked instead. */
const GENERATED = [
  /(^|\/)generated\//,
  /^python\/learnkit\/(?:_generated|resources|types)\//,
  /^python\/learnkit\/_catalogue\.py$/,
];
/**
 * Files other engineers restructure in the same step; their comments are reviewed when that lands (the lead
 * removes an entry once its file is clean).
 */
const LEFT_TO_THE_LEAD = [
  /^packages\/core\/src\/index\.ts$/,
  /^packages\/core\/src\/transport\/transport\.ts$/,
  /^packages\/activity\/src\/server\//,
  /^packages\/mock\/src\/seed\//,
  /^packages\/case\/src\/(?:tree|convert)\//,
  /^packages\/mcp\/src\/tools\/dynamic\.ts$/,
  /^packages\/sdk\/src\/config\.ts$/,
  /^packages\/[^/]+\/src\/types\.ts$/,
  /^python\/learnkit\/(?!lti\/)/,
];

/** Narration of history in a comment, each with what to write instead. */
const NARRATION: { pattern: RegExp; fix: string }[] = [
  {
    // An upstream project's tracker (`openapi-fetch issue 2075`, `undici's issue 1234`) is a reason, not history.
    pattern: /(?<![\w@/.]+-[\w@/.]+ |\w's )\bissues? #?\d+/i,
    fix: 'say why without the issue; a decision goes to docs/decisions.md',
  },
  { pattern: /\banother issue\b/i, fix: 'say what the code needs, not who changes it next' },
  { pattern: /\bsessions? \d+\b/i, fix: 'say why without the session' },
  { pattern: /\b(?:used to|formerly|previously)\b/i, fix: 'say what the code does now, and why' },
  {
    pattern: /\b(?:was|were|wrote)\b[^.;:]*\bbefore\s*(?:[.),;(]|$)/i,
    fix: 'describe the code as it is; the history is in git',
  },
  {
    pattern: /\b(?:until|since|after) (?:issue|session|the refactor)\b/i,
    fix: 'say why without the history',
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : sourceFiles(path);
    return /\.(?:[cm]?[jt]sx?|py|vue|svelte)$/.test(entry.name) ? [path] : [];
  });
}

/** Whether `file` is hand-written source of a package, of the Python package, or a script. */
function handWritten(file: string): boolean {
  if (file.startsWith('packages/') && !/^packages\/[^/]+\/src\//.test(file)) return false;
  return !GENERATED.some((pattern) => pattern.test(file));
}

/** The comment text of each line (line numbers from 1): line and block comments, `#` comments, Python docstrings. */
function commentLines(text: string, python: boolean): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let block = false;
  text.split('\n').forEach((source, index) => {
    const line = index + 1;
    if (python) {
      const quotes = (source.match(/"""/g) ?? []).length;
      if (block || quotes > 0) out.push({ line, text: source });
      else if (/(^|s)#/.test(source)) out.push({ line, text: source.slice(source.search(/(^|s)#/)) });
      if (quotes % 2 === 1) block = !block;
      return;
    }
    if (block) {
      out.push({ line, text: source });
      if (source.includes('*/')) block = false;
      return;
    }
    const open = source.search(/\/\*|(?:^|[^:'"`])\/\//);
    if (open === -1) return;
    out.push({ line, text: source.slice(open) });
    if (source.slice(open).startsWith('/*') && !source.includes('*/', open + 2)) block = true;
  });
  return out;
}

describe('comments say why, not what happened before', () => {
  const files = ROOTS.flatMap((root) => sourceFiles(root)).filter(
    (file) => file !== SELF && handWritten(file),
  );

  it('finds the hand-written sources it checks', () => {
    for (const file of [
      'packages/core/src/resource.ts',
      'python/learnkit/lti/_verifier.py',
      'scripts/gen.mjs',
    ]) {
      expect(files).toContain(file);
    }
    expect(files.some((file) => file.includes('/generated/'))).toBe(false);
  });

  it('flags narration and spares reasons', () => {
    const flagged = (comment: string) => NARRATION.some(({ pattern }) => pattern.test(comment));
    expect(flagged('// It builds the same objects a method wrote out before.')).toBe(true);
    expect(flagged('// shows that name (issue 14).')).toBe(true);
    expect(flagged('// Files another issue is splitting')).toBe(true);
    expect(flagged('// The list used to be sorted here.')).toBe(true);
    expect(flagged('// see openapi-fetch issue 2075')).toBe(false);
    expect(flagged('// checked before anything is sent.')).toBe(false);
    expect(flagged('// One issue per member, so each names its own path.')).toBe(false);
  });

  it('finds no narration of history in a hand-written comment', () => {
    const findings: string[] = [];
    for (const file of files) {
      if (LEFT_TO_THE_LEAD.some((pattern) => pattern.test(file))) continue;
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const { line, text: comment } of commentLines(text, file.endsWith('.py'))) {
        const hit = NARRATION.find(({ pattern }) => pattern.test(comment));
        if (hit) findings.push(`${file}:${line}: ${comment.trim()} (${hit.fix})`);
      }
    }
    expect(findings).toEqual([]);
  });
});
