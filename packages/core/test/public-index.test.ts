// Core's public index is what an application writes, and no more: at most 45 names, values and types counted alike
// (docs/decisions.md#d-core-internal-entry). What the LearnKit packages share is in `@learnkit/core/internal`.
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MAX_PUBLIC_NAMES = 45;
const src = join(import.meta.dirname, '..', 'src');

/** The names a module exports, values and types alike, as TypeScript resolves them. */
function exportedNames(file: string): string[] {
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(file)!);
  return checker
    .getExportsOfModule(moduleSymbol!)
    .map((symbol) => symbol.name)
    .sort();
}

describe("core's public index", () => {
  const publicNames = exportedNames(join(src, 'index.ts'));

  it(`exports at most ${MAX_PUBLIC_NAMES} names (a new one goes to @learnkit/core/internal unless users write it)`, () => {
    expect(
      publicNames.length,
      `@learnkit/core exports ${publicNames.length} names: ${publicNames.join(', ')}`,
    ).toBeLessThanOrEqual(MAX_PUBLIC_NAMES);
  });

  it('shares no name with the internal entry (a name is public or internal, never both)', () => {
    const internalNames = new Set(exportedNames(join(src, 'internal', 'index.ts')));
    expect(publicNames.filter((name) => internalNames.has(name))).toEqual([]);
  });

  it('counts what a user writes: the client, its auth, the errors, queries and pages', () => {
    for (const name of [
      'createHttpClient',
      'clientCredentials',
      'NotFoundError',
      'where',
      'Page',
      'RequestOptions',
    ])
      expect(publicNames).toContain(name);
  });
});
