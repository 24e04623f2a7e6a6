import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Two rules on the hand-written sources of every package (docs/decisions.md#d-source-shape): no import cycle,
// type-only imports included, and no file over 400 lines. Generated files (`src/generated/`) are exempt from both.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const packagesDir = join(root, 'packages');
const MAX_LINES = 400;

/**
 * Files allowed over the limit while they are split; each entry says why. The
 * test fails when a listed file is back under the limit, so the list only shrinks.
 */
const OVER_LIMIT_ELSEWHERE: Record<string, string> = {};

/** Every hand-written `.ts` file under `dir`, `src/generated/` left out. */
function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'generated') files.push(...sourceFiles(path));
    } else if (name.endsWith('.ts')) files.push(path);
  }
  return files;
}

const packages = readdirSync(packagesDir).filter((name) => existsSync(join(packagesDir, name, 'src')));

// Static and dynamic imports and re-exports with a relative specifier (`import type` too: a type cycle is still a
// cycle for a reader, and for a declaration bundler).
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]*)['"]/gm;

/** The file a relative specifier of `from` names (`./x.js` is `./x.ts`; `./x` is `./x.ts` or `./x/index.ts`). */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier.replace(/\.(m?js)$/, ''));
  return [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
}

/** The import graph of one package's `src`: file to the files it imports. */
function importGraph(pkg: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(join(packagesDir, pkg, 'src'))) {
    const targets = [...readFileSync(file, 'utf8').matchAll(SPECIFIER)]
      .map((match) => resolveSpecifier(file, match[1]!))
      .filter((target): target is string => target !== undefined);
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle of `graph` found by a depth-first walk, each as the files around it (repo-relative). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (file: string) => {
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (onStack.has(next)) cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!done.has(next)) visit(next);
    }
    stack.pop();
    onStack.delete(file);
    done.add(file);
  };
  for (const file of graph.keys()) if (!done.has(file)) visit(file);
  return cycles.map((cycle) => cycle.map((file) => relative(root, file)));
}

describe('hand-written sources', () => {
  it.each(packages)('packages/%s/src has no import cycle (type-only imports included)', (pkg) => {
    expect(findCycles(importGraph(pkg))).toEqual([]);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    expect(findCycles(graph)).toHaveLength(1);
    expect(findCycles(graph)[0]!.map((file) => file.split('/').pop())).toEqual([
      'a.ts',
      'b.ts',
      'c.ts',
      'a.ts',
    ]);
  });

  it(`has no file over ${MAX_LINES} lines (split by concern)`, () => {
    const long = packages
      .flatMap((pkg) => sourceFiles(join(packagesDir, pkg, 'src')))
      .map((file) => ({
        file: relative(root, file),
        lines: readFileSync(file, 'utf8').split('\n').length - 1,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long.filter(({ file }) => !(file in OVER_LIMIT_ELSEWHERE))).toEqual([]);
    // An exemption whose file is back under the limit (or gone) is dropped, so the list cannot go stale.
    expect(
      Object.keys(OVER_LIMIT_ELSEWHERE).filter((file) => !long.some((entry) => entry.file === file)),
    ).toEqual([]);
  });
});

// The Python package (docs/decisions.md#d-python-layers): the same two rules, over hand-written and generated
// modules alike for cycles (imports inside functions count; those under `if TYPE_CHECKING:` never run and do
// not), and over hand-written files for length. scripts/python-shape.py reads the imports with Python's `ast`.
interface PythonModule {
  module: string;
  file: string;
  lines: number;
  generated: boolean;
  imports: string[];
}

function pythonModules(packageDir = join(root, 'python', 'learnkit')): PythonModule[] {
  const out = execFileSync('python3', [join(root, 'scripts', 'python-shape.py'), packageDir], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out) as PythonModule[];
}

describe('the Python package', () => {
  const modules = pythonModules();

  it('has no import cycle, imports inside functions included', () => {
    const graph = new Map(modules.map((m) => [m.module, m.imports]));
    expect(findCycles(graph)).toEqual([]);
  });

  it('finds a cycle through an import inside a function, and none through one under TYPE_CHECKING', () => {
    const dir = mkdtempSync(join(tmpdir(), 'learnkit-shape-'));
    try {
      mkdirSync(join(dir, 'pkg'));
      writeFileSync(join(dir, 'pkg', '__init__.py'), '');
      writeFileSync(join(dir, 'pkg', 'a.py'), 'from . import b\n');
      writeFileSync(join(dir, 'pkg', 'b.py'), 'def f():\n    from .c import g\n');
      writeFileSync(
        join(dir, 'pkg', 'c.py'),
        'from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import b\ndef g():\n    from .a import x\n',
      );
      writeFileSync(
        join(dir, 'pkg', 'd.py'),
        'from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import x\n',
      );
      const found = pythonModules(join(dir, 'pkg'));
      const imports = Object.fromEntries(found.map((m) => [m.module, m.imports]));
      expect(imports).toEqual({
        pkg: [],
        'pkg.a': ['pkg', 'pkg.b'],
        'pkg.b': ['pkg.c'],
        'pkg.c': ['pkg.a'],
        'pkg.d': [],
      });
      expect(findCycles(new Map(Object.entries(imports)))).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(`has no hand-written file over ${MAX_LINES} lines (generated ones exempt)`, () => {
    const long = modules
      .filter((m) => !m.generated && m.lines > MAX_LINES)
      .map((m) => ({ file: relative(root, m.file), lines: m.lines }));
    expect(long).toEqual([]);
  });
});
