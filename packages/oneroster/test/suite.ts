import { itWorksOverASharedHttpClient } from '@learnkit/test-utils';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../src/generated/operations';
import { type Mode, useOneRosterMock } from './harness';
import { vendor202510Tests } from './suite-2025-10';
import { badInputTests } from './suite-bad-input';
import { exportTests } from './suite-export';
import { gradebookTests } from './suite-gradebook';
import { resourcesTests } from './suite-resources';
import { rosteringReadTests } from './suite-rostering';
import { rosteringWriteTests } from './suite-writes';

/** The whole OneRoster suite against the mock through `mode`; run once per transport. */
export function oneRosterSuite(mode: Mode): void {
  const ctx = useOneRosterMock(mode);

  describe('createOneRosterClient', () => {
    itWorksOverASharedHttpClient(ctx, async (client) => {
      const page = await client.terms.list();
      expect(page.data.map((term) => term.sourcedId)).toEqual(['as-2025-fall', 'as-2026-spring']);
    });
  });

  rosteringReadTests(ctx);
  rosteringWriteTests(ctx);
  gradebookTests(ctx);
  resourcesTests(ctx);
  exportTests(ctx);
  vendor202510Tests(ctx);
  badInputTests(ctx);

  describe('coverage', () => {
    // Runs last: the tests above called every operation, and the contract checker passed each request.
    it('every operation of openapi/oneroster.yaml was called through the contract checker', () => {
      expect(Object.keys(OPERATIONS).filter((id) => !ctx.covered.has(id))).toEqual([]);
    });
  });
}
