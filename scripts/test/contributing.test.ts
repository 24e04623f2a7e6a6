// CONTRIBUTING.md shows the layout as it is: every package of packages/ and every top-level folder and module of
// python/learnkit/ has its line in the layout blocks, and no line names one that does not exist.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const contributing = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');

/** The lines of the fenced `text` blocks of the "Layout" section. */
function layoutLines(): string[] {
  const section = contributing.split(/^## /m).find((part) => part.startsWith('Layout\n')) ?? '';
  return [...section.matchAll(/^```text\n([\s\S]*?)^```$/gm)].flatMap((m) => (m[1] as string).split('\n'));
}

/** The entries listed under `heading` (a line of the layout, e.g. `packages/`): the first word of each indented line. */
function listedUnder(heading: string): string[] {
  const lines = layoutLines();
  const start = lines.findIndex((line) => line.trimEnd() === heading);
  if (start === -1) return [];
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!/^\s/.test(line)) break;
    // A continuation line is indented as far as the descriptions; an entry is indented by two spaces.
    const entry = /^ {2}(\S+)/.exec(line);
    if (entry) names.push((entry[1] as string).replace(/\/$/, ''));
  }
  return names;
}

const directories = (path: string) =>
  readdirSync(join(ROOT, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('CONTRIBUTING.md shows the layout as it is', () => {
  it('has a line for every package of packages/, and for none that is missing', () => {
    const packages = directories('packages').filter((name) =>
      existsSync(join(ROOT, 'packages', name, 'package.json')),
    );
    expect(packages.length).toBeGreaterThan(0);
    expect(listedUnder('packages/').sort()).toEqual(packages.sort());
  });

  it('names only packages that exist wherever it points into packages/', () => {
    const named = new Set(
      [...contributing.matchAll(/\bpackages\/([a-z0-9-]+)\//g)].map((m) => m[1] as string),
    );
    expect([...named].filter((name) => !existsSync(join(ROOT, 'packages', name)))).toEqual([]);
  });

  it('has a line for every top-level folder and module of python/learnkit/, and for none that is missing', () => {
    const entries = readdirSync(join(ROOT, 'python/learnkit'), { withFileTypes: true })
      .filter(
        (entry) =>
          !entry.name.startsWith('.') &&
          (entry.isDirectory() ? !entry.name.startsWith('__') : !entry.name.endsWith('.pyc')),
      )
      .map((entry) => entry.name);
    expect(entries).toContain('__init__.py');
    expect(listedUnder('python/learnkit/').sort()).toEqual(entries.sort());
  });
});
