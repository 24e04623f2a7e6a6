// openapi/oneroster.yaml states every operation of the vendor's published OneRoster description with the shapes the
// vendor gives them; each difference is named, with its decision, in openapi/vendor/oneroster/differences.yaml
// (docs/decisions.md#d-oneroster-vendor-document).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  differences,
  OURS_FILE,
  operationsOf,
  readYaml,
  TABLE_FILE,
  unexplained,
  VENDOR_FILE,
  // @ts-expect-error: plain ESM script without type declarations
} from '../spec/vendor-differences.mjs';

type Doc = { paths: Record<string, Record<string, { operationId: string }>> } & Record<string, unknown>;
type Entry = { decision: string; why: string; operations: '*' | string[]; lines: string[] };

const ROOT = join(import.meta.dirname, '..', '..');
const vendor = (): Doc => readYaml(VENDOR_FILE);
const ours = (): Doc => readYaml(OURS_FILE);
const table = (): Entry[] => readYaml(TABLE_FILE);
const decisions = readFileSync(join(ROOT, 'docs/decisions.md'), 'utf8');

describe('the vendor description, copied with its licence and origin', () => {
  it('is the published file, byte for byte, beside its licence and sources', () => {
    const bytes = readFileSync(join(ROOT, VENDOR_FILE));
    const sha = createHash('sha256').update(bytes).digest('hex');
    const sources = readFileSync(join(ROOT, 'openapi/vendor/oneroster/SOURCES.md'), 'utf8');
    expect(sources).toContain(sha);
    expect(sources).toContain('c86346bcbcce357671ea6636803c93f1de54b922');
    expect(readFileSync(join(ROOT, 'openapi/vendor/oneroster/LICENSE'), 'utf8')).toContain('BSD Zero Clause');
    expect(operationsOf(vendor()).size).toBe(137);
  });
});

describe('openapi/oneroster.yaml against the vendor description', () => {
  it('states every operation of the vendor, and those the description of 2025-10 added', () => {
    const mine = operationsOf(ours());
    expect([...operationsOf(vendor()).keys()].filter((key) => !mine.has(key))).toEqual([]);
    // 137 of the vendor's file + 3 new in its description of 2025-10 (docs/decisions.md#d-oneroster-2025-10).
    // + the export, in the vendor's client 0.7.0 (docs/decisions.md#d-oneroster-binary-export).
    expect(mine.size).toBe(137 + 3 + 1);
  });

  it('differs only where an entry of differences.yaml names the difference and its decision', () => {
    const { unnamed, unused } = unexplained(differences(), table());
    expect(unnamed).toEqual([]);
    expect(unused).toEqual([]);
  });

  it('cites a decision of docs/decisions.md in every entry, with a reason', () => {
    for (const entry of table()) {
      expect(decisions.includes(`<a id="${entry.decision}"></a>`), entry.decision).toBe(true);
      expect(entry.why.length).toBeGreaterThan(20);
    }
  });

  it('fails when an operation goes missing', () => {
    const document = ours();
    delete document.paths['/ims/oneroster/gradebook/v1p2/results/{sourcedId}']!.delete;
    const { unnamed } = unexplained(differences(vendor(), document), table());
    expect(unnamed).toEqual([
      'deleteResult - operation DELETE /ims/oneroster/gradebook/v1p2/results/{sourcedId}',
    ]);
  });

  it('fails when a response changes shape', () => {
    const document = ours();
    const schemas = (
      document.components as { schemas: Record<string, { properties: Record<string, object> }> }
    ).schemas;
    schemas.User!.properties.enabledUser = { type: 'string', enum: ['true', 'false'] };
    const { unnamed } = unexplained(differences(vendor(), document), table());
    expect(unnamed).toContain('getUser - response 200.user.enabledUser: boolean');
    expect(unnamed).toContain('getUser + response 200.user.enabledUser: string enum=false,true');
    expect(unnamed).toContain('getAllStudents - response 200.users[].enabledUser: boolean');
  });
});
