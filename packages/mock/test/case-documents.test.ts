import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateFramework } from '../src/index.js';
import { useHarness } from './support/harness.js';

type DocumentPage = { CFDocuments: { sourcedId: string }[]; totalCount: number };

describe('GET /ims/case/v1p1/CFDocuments (spec/000: the array has at least 1 entry)', () => {
  const h = useHarness('msw');

  it('lists at least one document whatever the seed and size of the framework, and after re-uploads', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(1_000), fc.integer({ min: 1, max: 40 }), async (seed, frameworkItems) => {
        await h.restart({ seed, frameworkItems });
        const token = await h.token(h.platform.clients.partner);
        const listed = async () => {
          const rawResponse = await h.call('GET', '/ims/case/v1p1/CFDocuments', { token });
          expect(rawResponse.status).toBe(200);
          return rawResponse.body as DocumentPage;
        };
        const first = await listed();
        expect(first.CFDocuments.length).toBeGreaterThanOrEqual(1);
        expect(first.totalCount).toBe(first.CFDocuments.length);
        expect(first.CFDocuments.map((document) => document.sourcedId)).toContain(
          h.platform.fixtures.case.documentId,
        );

        // Re-uploading the seeded framework's package with other content replaces it, never empties the list.
        const replacement = generateFramework({ seed: seed + 1, items: 2 });
        replacement.CFDocument.identifier = h.platform.fixtures.case.documentId;
        const upload = await h.call('POST', '/ims/case/v1p1/CFPackages', { token, body: replacement });
        expect(upload.status).toBe(201);
        expect((await listed()).CFDocuments.length).toBe(first.CFDocuments.length);
      }),
      { numRuns: 8 },
    );
  });
});
