// One word for one thing: what the platform or the mock sends back is a "response", and to send one is to
// "respond" (docs/decisions.md#d-vocabulary-response). A second word for it, in any form (an identifier's part, a
// file name, a comment, a docstring, a document), is found here with its file and line.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
// Built, installed or ignored output (as .gitignore says).
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
  '.ruff_cache',
  '.pytest_cache',
  'test-venv',
  '.cache',
]);
const TEXT = /\.(?:[cm]?[jt]sx?|json|ya?ml|md|html|css|sh|py|pyi|toml|txt)$|^run$/;
// Built from parts, so that this file does not list itself.
const OTHER_WORD = new RegExp(['ans', 'wer'].join(''), 'i');

/**
 * What may still say it, and why: text quoted from others, and the old public names kept importable.
 * - the vendor's OneRoster descriptions, quoted as published (openapi/vendor);
 * - published CASE frameworks used as fixtures (their standards speak of pupils' work);
 * - a line marked as a deprecated alias: a public name from before, so that no user's code breaks.
 */
const QUOTED = [/^openapi\/vendor\//, /\/fixtures\/case-real\//, /(^|\/)CHANGELOG\.md$/];
const ALIAS_MARK = 'vocabulary: deprecated alias';

/** Every text file of the repository, as paths relative to its root. */
function textFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return SKIP_DIRS.has(entry.name) || entry.name.endsWith('.egg-info') ? [] : textFiles(path);
    return TEXT.test(entry.name) && path !== SELF && entry.name !== 'pnpm-lock.yaml'
      ? [relative(ROOT, path)]
      : [];
  });
}

/** `file:line: text` of each line that uses the other word, and the file's own name if it does. */
function uses(file: string): string[] {
  const found = OTHER_WORD.test(file) ? [`${file}: its name`] : [];
  readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (OTHER_WORD.test(line) && !line.includes(ALIAS_MARK)) found.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  return found;
}

describe('one word for what the platform sends back', () => {
  const files = textFiles();

  it('reads the sources, tests, generated output and documents of both languages', () => {
    for (const file of [
      'README.md',
      'docs/decisions.md',
      'openapi/platform.yaml',
      'packages/core/src/index.ts',
      'packages/mock/src/generated/operations.ts',
      'python/learnkit/__init__.py',
      'python/learnkit/_transport.py',
      'scripts/gen/python.mjs',
    ]) {
      expect(files).toContain(file);
    }
  });

  it('says "response" and "respond" everywhere but in quoted text and the deprecated aliases', () => {
    const found = files.filter((file) => !QUOTED.some((q) => q.test(file))).flatMap(uses);
    expect(found, `say "response" (or "respond", "return") instead:\n${found.join('\n')}`).toEqual([]);
  });

  it('finds the word in a name, a comment and a docstring, so a pass means something', () => {
    const word = ['Ans', 'wer'].join('');
    for (const sample of [
      `type Raw${word} = {}`,
      `// the ${word.toLowerCase()} of a call`,
      `"""An ${word}."""`,
    ]) {
      expect(OTHER_WORD.test(sample)).toBe(true);
    }
    expect(OTHER_WORD.test('responds with 404')).toBe(false);
  });
});
