import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: plain ESM script without type declarations
import { findDrift, generateAll } from '../gen.mjs';

type Output = { path: string; content: string };
const repoRoot = join(import.meta.dirname, '..', '..');

describe('pnpm gen:check', () => {
  let outputs: Output[];
  let copy: string;

  beforeAll(async () => {
    outputs = await generateAll();
    copy = mkdtempSync(join(tmpdir(), 'learnkit-gen-'));
    for (const { path } of outputs) cpSync(join(repoRoot, path), join(copy, path), { recursive: true });
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('finds the checked-in generated files current', () => {
    expect(findDrift(outputs, repoRoot)).toEqual([]);
  });

  it('names the file that was edited by hand', () => {
    const edited = outputs[0]!.path;
    const file = join(copy, edited);
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nexport type HandEdit = true;\n`);
    expect(findDrift(outputs, copy)).toEqual([edited]);
  });

  it('names a generated file that is missing', () => {
    const removed = outputs[1]!.path;
    rmSync(join(copy, removed));
    expect(findDrift(outputs, copy)).toContain(removed);
  });

  it('names a file left in a generated folder that no generator writes (a resource removed from the map)', () => {
    const left = 'packages/platform/src/generated/resources/rostering/retired.ts';
    writeFileSync(join(copy, left), '// a resource the map no longer names\n');
    expect(findDrift(outputs, copy)).toContain(left);
    rmSync(join(copy, left));
  });

  it('marks every generated file as not to be edited', () => {
    for (const { content } of outputs) expect(content).toMatch(/Do not edit it by hand/);
  });
});
