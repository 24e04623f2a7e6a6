// Core's tarball stays at most 100 KiB (docs/decisions.md#d-core-budget): the packed check
// (scripts/packages/test/tarballs.test.ts) holds the tarball to `TARBALL_BUDGETS`; this keeps the budget itself and
// what would push past it, a document's generated types or JSON Schemas back in core.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TARBALL_BUDGETS } from '../../../scripts/packages/budgets';

const src = join(import.meta.dirname, '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe("core's size", () => {
  it('has a tarball budget of at most 100 KiB', () => {
    expect(TARBALL_BUDGETS['@learnkit/core']).toBeLessThanOrEqual(100 * 1024);
  });

  it("holds no document's generated types or schemas (they live in the families' packages)", () => {
    const generated = join(src, 'generated');
    expect(existsSync(generated) ? sourceFiles(generated) : []).toEqual([]);
    const importers = sourceFiles(src).filter((file) =>
      /from '[^']*generated\/(openapi-types|json-schemas)/.test(readFileSync(file, 'utf8')),
    );
    expect(importers).toEqual([]);
  });
});
