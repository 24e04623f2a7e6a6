import {
  createValidationError,
  formatJsonPath,
  isRecord,
  schemaChecker,
  showValue,
  type ValidationIssue,
} from '@learnkit/core';
import { z } from 'zod';
import { caseSchemas } from './internal/generated';
import { notAUuid } from './internal/ids';
import type { CFPackageUpload } from './types';

/**
 * The check of the upload body against openapi/case.yaml's `CFPackageUpload` (through the generated JSON Schemas,
 * never written by hand), in the upload's own words: its members, and a CASE identifier's uuid pattern. Its
 * validator is built on first use: deriving it costs a few milliseconds that programs which never upload should
 * not pay at import.
 */
const check = schemaChecker(caseSchemas, z.fromJSONSchema, {
  unknownMember: 'is not a member of the upload shape',
  formats: {
    regex: (value, issue) => (String(issue.pattern).includes('{8}-') ? notAUuid(value) : undefined),
  },
});

/**
 * What the schema cannot say: an identifier used twice in one package (the platform stores by identifier, so
 * the second would silently replace the first) and an item giving both `CFItemType` spellings with different
 * values (the platform would have to pick one).
 */
function crossChecks(body: Record<string, unknown>, out: ValidationIssue[]): void {
  // Where each id was first seen, as a number (-1: the document; else the index, associations after items), so
  // that a 100,000-item package allocates no path per id; a path is written out only for a repeat.
  const seen = new Map<string, number>();
  const items = Array.isArray(body.CFItems) ? body.CFItems.length : 0;
  const pathOf = (where: number): (string | number)[] =>
    where < 0
      ? ['CFDocument', 'identifier']
      : where < items
        ? ['CFItems', where, 'identifier']
        : ['CFAssociations', where - items, 'identifier'];
  const note = (id: unknown, where: number) => {
    if (typeof id !== 'string') return;
    const first = seen.get(id);
    if (first !== undefined) {
      out.push({
        path: pathOf(where),
        message: `${showValue(id)} is already the identifier of ${formatJsonPath(pathOf(first))}`,
      });
    } else seen.set(id, where);
  };
  if (isRecord(body.CFDocument)) note(body.CFDocument.identifier, -1);
  for (const key of ['CFItems', 'CFAssociations'] as const) {
    const list = body[key];
    if (!Array.isArray(list)) continue;
    for (let i = 0; i < list.length; i++) {
      const entry = list[i] as unknown;
      if (!isRecord(entry)) continue;
      note(entry.identifier, key === 'CFItems' ? i : items + i);
      if (
        key === 'CFItems' &&
        typeof entry.CFItemType === 'string' &&
        typeof entry.cfItemType === 'string' &&
        entry.CFItemType !== entry.cfItemType
      ) {
        out.push({
          path: [key, i, 'cfItemType'],
          message: `differs from CFItemType (${showValue(entry.CFItemType)} vs ${showValue(entry.cfItemType)}); give one spelling`,
        });
      }
    }
  }
}

/**
 * The problems of a package upload body, each with its JSON path (empty when the body is valid): the
 * OpenAPI upload shape (required members, uuid identifiers, `{ title, identifier, uri }` node references, no
 * unknown members) plus identifiers unique within the package.
 *
 * @example
 * const issues = validatePackageUpload(body);
 * for (const i of issues) console.error(i.path, i.message); // ['CFItems', 12, 'identifier'] 'not a uuid (...)'
 */
export function validatePackageUpload(body: unknown): ValidationIssue[] {
  const out = check('CFPackageUpload', body);
  if (isRecord(body)) crossChecks(body, out);
  return out;
}

/**
 * Throws a `ValidationError` naming every problem of a package upload body (`CFItems[12].identifier: not a
 * uuid`); returns the body, typed, when it is valid.
 *
 * @example
 * const body = assertPackageUpload(JSON.parse(text));
 */
export function assertPackageUpload(body: unknown): CFPackageUpload {
  const issues = validatePackageUpload(body);
  if (issues.length > 0) throw createValidationError(issues, 'Invalid CASE package');
  return body as CFPackageUpload;
}
