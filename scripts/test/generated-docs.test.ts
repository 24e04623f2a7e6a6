// The doc comments and docstrings users read in their editor come from the descriptions of openapi/*.yaml. They say
// what a user needs (the behaviour, the limits); why the document chose so is in docs/decisions.md, linked as
// `See docs/decisions.md#<anchor>`, never a `Decision:` note written for the document's authors.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function filesUnder(dir: string): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  if (statSync(join(ROOT, dir)).isFile()) return [dir];
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.name === '__pycache__' ? [] : filesUnder(`${dir}/${entry.name}`),
  );
}

/** What `pnpm gen` writes that carries the documents' descriptions to users. */
const generated = [
  ...readdirSync(join(ROOT, 'packages')).flatMap((name) => [
    ...filesUnder(`packages/${name}/src/generated`),
    ...filesUnder(`packages/${name}/api.md`),
  ]),
  ...['_generated', 'resources', 'types', '_catalogue.py'].flatMap((part) =>
    filesUnder(`python/learnkit/${part}`),
  ),
].filter((file) => /\.(?:ts|py|md)$/.test(file));

/** `file:line: text` of each line holding a note for the document's authors. */
function authorNotes(file: string): string[] {
  return readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .flatMap((line, i) => (/\bDecision\s*[:;,-]/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

describe('user-facing descriptions carry no notes for the documents’ authors', () => {
  it('reads the generated TypeScript and Python', () => {
    expect(generated).toContain('packages/platform/src/generated/openapi-types.ts');
    expect(generated).toContain('python/learnkit/types/platform.py');
    expect(generated.length).toBeGreaterThan(50);
  });

  it('has no `Decision:` in a generated doc comment or docstring', () => {
    expect(generated.flatMap(authorNotes)).toEqual([]);
  });

  it('has no `Decision:` in a description of openapi/, where they come from', () => {
    const documents = readdirSync(join(ROOT, 'openapi'))
      .filter((name) => name.endsWith('.yaml'))
      .map((name) => `openapi/${name}`);
    expect(documents).toContain('openapi/platform.yaml');
    expect(documents.flatMap(authorNotes)).toEqual([]);
  });
});
