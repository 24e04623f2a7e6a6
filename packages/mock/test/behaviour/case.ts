import { beforeEach, describe, expect, it } from 'vitest';
import { generateFramework } from '../../src/index.js';
import type { Harness } from '../support/harness.js';

type Item = {
  sourcedId: string;
  CFItemType: string;
  humanCodingScheme?: string;
  fullStatement: string;
  listEnumeration?: string;
};
type Page = { CFItems: Item[]; offset: number; limit: number; totalCount: number };

const minor = (body: unknown) =>
  (body as { imsx_CodeMinor: { imsx_codeMinorField: { imsx_codeMinorFieldValue: string }[] } }).imsx_CodeMinor
    .imsx_codeMinorField[0]!.imsx_codeMinorFieldValue;

/** The eight CASE operations, the list parameters, uploads and validate. */
export function caseTests(h: Harness): void {
  describe('CASE', () => {
    let token = '';
    beforeEach(async () => {
      token = await h.token(h.platform.clients.partner);
    });
    const get = (path: string) => h.call('GET', `/ims/case/v1p1${path}`, { token });
    const items = async (query: string) => {
      const rawResponse = await get(`/CFItems?${query}`);
      expect(rawResponse.status, JSON.stringify(rawResponse.body)).toBe(200);
      return rawResponse.body as Page;
    };

    it('lists documents with X-Total-Count and page members', async () => {
      const rawResponse = await get('/CFDocuments');
      expect(rawResponse.status).toBe(200);
      expect(rawResponse.headers.get('x-total-count')).toBe('2');
      expect(rawResponse.body).toMatchObject({ offset: 0, limit: 100, totalCount: 2 });
      const documents = (rawResponse.body as { CFDocuments: { sourcedId: string; frameworkType?: string }[] })
        .CFDocuments;
      expect(documents.map((document) => document.sourcedId)).toEqual([
        h.platform.fixtures.case.documentId,
        h.platform.fixtures.case.courseSequenceDocumentId,
      ]);
      expect(documents[1]!.frameworkType).toBe('Course Sequence');
    });

    it('pages items with limit and offset (default 100) and reports the total', async () => {
      const total =
        h.platform.fixtures.case.itemIds.length + h.platform.fixtures.case.courseSequenceItemIds.length;
      const first = await items('');
      expect(first.CFItems).toHaveLength(100);
      expect(first.totalCount).toBe(total);
      const seen: string[] = [];
      for (let offset = 0; offset < total; offset += 70)
        seen.push(...(await items(`limit=70&offset=${offset}`)).CFItems.map((item) => item.sourcedId));
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
      expect((await items(`offset=${total}`)).CFItems).toEqual([]);
      expect((await items('limit=3000')).CFItems).toHaveLength(total);
    });

    it('refuses limit outside 1..3000 and malformed offset/orderBy with 400 imsx invaliddata', async () => {
      h.allowBadRequests();
      for (const query of [
        'limit=0',
        'limit=3001',
        'limit=abc',
        'limit=-1',
        'offset=-1',
        'offset=x',
        'orderBy=up',
        'sort=nope',
      ]) {
        const rawResponse = await get(`/CFItems?${query}`);
        expect([query, rawResponse.status]).toEqual([query, 400]);
        expect(minor(rawResponse.body)).toBe('invaliddata');
      }
    });

    it('filters with every operator and AND/OR', async () => {
      const standards = await items(`filter=${encodeURIComponent("CFItemType='Standard'")}&limit=3000`);
      expect(standards.CFItems.length).toBeGreaterThan(100);
      expect(standards.CFItems.every((item) => item.CFItemType === 'Standard')).toBe(true);
      const notStandards = await items(`filter=${encodeURIComponent("CFItemType!='Standard'")}&limit=3000`);
      expect(notStandards.totalCount + standards.totalCount).toBe((await items('')).totalCount);
      const contains = await items(`filter=${encodeURIComponent("fullStatement~'FRACTIONS'")}&limit=3000`);
      expect(contains.totalCount).toBeGreaterThan(0);
      expect(contains.CFItems.every((item) => item.fullStatement.toLowerCase().includes('fractions'))).toBe(
        true,
      );
      const gt = await items(`filter=${encodeURIComponent("listEnumeration>'3'")}&limit=3000`);
      expect(gt.CFItems.every((item) => Number(item.listEnumeration) > 3)).toBe(true);
      const gte = await items(`filter=${encodeURIComponent("listEnumeration>='3'")}&limit=3000`);
      expect(gte.totalCount).toBeGreaterThan(gt.totalCount);
      const lt = await items(`filter=${encodeURIComponent("listEnumeration<'2'")}&limit=3000`);
      expect(lt.CFItems.every((item) => Number(item.listEnumeration) < 2)).toBe(true);
      const lte = await items(`filter=${encodeURIComponent("listEnumeration<='2'")}&limit=3000`);
      expect(lte.totalCount).toBeGreaterThan(lt.totalCount);
      const within = await items(`filter=${encodeURIComponent("CFItemType@'Domain,Cluster'")}&limit=3000`);
      expect(new Set(within.CFItems.map((item) => item.CFItemType))).toEqual(new Set(['Domain', 'Cluster']));
      const and = await items(
        `filter=${encodeURIComponent("CFItemType='Standard' AND humanCodingScheme~'K.'")}&limit=3000`,
      );
      expect(
        and.CFItems.every(
          (item) => item.CFItemType === 'Standard' && item.humanCodingScheme!.startsWith('K.'),
        ),
      ).toBe(true);
      const or = await items(
        `filter=${encodeURIComponent("CFItemType='Grade Level' OR CFItemType='Course Sequence'")}&limit=3000`,
      );
      expect(new Set(or.CFItems.map((item) => item.CFItemType))).toEqual(
        new Set(['Grade Level', 'Course Sequence']),
      );
      const quoted = await items(
        `filter=${encodeURIComponent("fullStatement='Math Grade 3 Course Sequence'")}`,
      );
      expect(quoted.totalCount).toBe(1);
    });

    it('refuses malformed filters, unknown fields and nested relations with 400', async () => {
      h.allowBadRequests();
      for (const filter of [
        "title='",
        'title',
        "='x'",
        "CFItemType='Standard' AND",
        "nope='x'",
        "CFDocumentURI.title='x'",
        "CFItemType=='x'",
        '  ',
      ]) {
        const rawResponse = await get(`/CFItems?filter=${encodeURIComponent(filter)}`);
        expect([filter, rawResponse.status]).toEqual([filter, 400]);
        expect(minor(rawResponse.body)).toBe('invaliddata');
      }
    });

    it('sorts with sort and orderBy', async () => {
      const ascending = await items('sort=humanCodingScheme&orderBy=asc&limit=3000');
      const codes = ascending.CFItems.map((item) => item.humanCodingScheme ?? '');
      expect(codes).toEqual([...codes].sort());
      const descending = await items('sort=humanCodingScheme&orderBy=desc&limit=3000');
      expect(descending.CFItems.map((item) => item.humanCodingScheme ?? '')).toEqual([...codes].reverse());
    });

    it('selects fields on lists and single reads', async () => {
      const page = await items('fields=sourcedId,humanCodingScheme,bogus&limit=5');
      for (const item of page.CFItems)
        expect(Object.keys(item).sort()).toEqual(['humanCodingScheme', 'sourcedId']);
      const id = h.platform.fixtures.case.standardIds[0]!;
      const one = await get(`/CFItems/${id}?fields=fullStatement`);
      expect(Object.keys((one.body as { CFItem: object }).CFItem)).toEqual(['fullStatement']);
      const document = await get(`/CFDocuments/${h.platform.fixtures.case.documentId}?fields=title,uri`);
      expect(Object.keys((document.body as { CFDocument: object }).CFDocument).sort()).toEqual([
        'title',
        'uri',
      ]);
      h.allowBadRequests();
    });

    it('searches case-insensitively', async () => {
      const page = await items('search=GEOMETRY&limit=3000');
      expect(page.totalCount).toBeGreaterThan(0);
      expect(page.CFItems.every((item) => JSON.stringify(item).toLowerCase().includes('geometry'))).toBe(
        true,
      );
      const documents = await get('/CFDocuments?search=course%20sequence');
      expect((documents.body as { totalCount: number }).totalCount).toBe(1);
    });

    it('reads a document, an item, an association and a package; 404 imsx unknownobject otherwise', async () => {
      const { documentId, standardIds, associationId, itemIds } = h.platform.fixtures.case;
      expect((await get(`/CFDocuments/${documentId}`)).body).toMatchObject({
        CFDocument: { sourcedId: documentId, caseVersion: '1.1' },
      });
      expect((await get(`/CFItems/${standardIds[0]}`)).body).toMatchObject({
        CFItem: {
          sourcedId: standardIds[0],
          CFItemType: 'Standard',
          CFDocumentURI: { sourcedId: documentId },
        },
      });
      const association = (await get(`/CFAssociations/${associationId}`)).body as {
        CFAssociation: { associationType: string; sequenceNumber: number };
      };
      expect(association.CFAssociation).toMatchObject({ associationType: 'isChildOf', sequenceNumber: 1 });
      const pkg = (await get(`/CFPackages/${documentId}`)).body as {
        CFPackage: { sourcedId: string; CFItems: unknown[]; CFAssociations: unknown[] };
      };
      expect(pkg.CFPackage.sourcedId).toBe(documentId);
      expect(pkg.CFPackage.CFItems).toHaveLength(itemIds.length);
      expect(pkg.CFPackage.CFAssociations.length).toBeGreaterThanOrEqual(itemIds.length);
      for (const path of ['/CFDocuments/', '/CFItems/', '/CFAssociations/', '/CFPackages/']) {
        const missing = await get(`${path}00000000-0000-0000-0000-000000000999`);
        expect(missing.status).toBe(404);
        expect(minor(missing.body)).toBe('unknownobject');
      }
    });

    it('stores an uploaded package so later reads return it, and replaces it on re-upload', async () => {
      const framework = generateFramework({ seed: 42, items: 60, subject: 'Science', grades: ['03', '04'] });
      const upload = await h.call('POST', '/ims/case/v1p1/CFPackages', { token, body: framework });
      expect(upload.status).toBe(201);
      expect(upload.body).toEqual({
        success: true,
        message: 'Package uploaded',
        result: {
          documentId: framework.CFDocument.identifier,
          stats: { documents: 1, items: 60, associations: framework.CFAssociations.length },
          success: true,
        },
      });
      const listed = await get('/CFDocuments');
      expect((listed.body as { totalCount: number }).totalCount).toBe(3);
      const item = framework.CFItems[5]!;
      expect((await get(`/CFItems/${item.identifier}`)).body).toMatchObject({
        CFItem: { sourcedId: item.identifier, fullStatement: item.fullStatement },
      });
      const association = framework.CFAssociations.find((entry) => entry.associationType === 'isChildOf')!;
      expect((await get(`/CFAssociations/${association.identifier}`)).body).toMatchObject({
        CFAssociation: {
          originNodeURI: { sourcedId: association.originNodeURI.identifier },
          destinationNodeURI: { sourcedId: association.destinationNodeURI.identifier },
        },
      });
      const pkg = (await get(`/CFPackages/${framework.CFDocument.identifier}`)).body as {
        CFPackage: { CFItems: { sourcedId: string }[]; CFDefinitions: object };
      };
      expect(pkg.CFPackage.CFItems.map((entry) => entry.sourcedId)).toEqual(
        framework.CFItems.map((entry) => entry.identifier),
      );
      expect(pkg.CFPackage.CFDefinitions).toBeTruthy();
      const filtered = await items(
        `filter=${encodeURIComponent(`humanCodingScheme='${item.humanCodingScheme}' AND CFItemType='${item.CFItemType}'`)}`,
      );
      expect(filtered.CFItems.map((entry) => entry.sourcedId)).toContain(item.identifier);

      const smaller = generateFramework({ seed: 42, items: 20, subject: 'Science', grades: ['03', '04'] });
      expect((await h.call('POST', '/ims/case/v1p1/CFPackages', { token, body: smaller })).status).toBe(201);
      const again = (await get(`/CFPackages/${framework.CFDocument.identifier}`)).body as {
        CFPackage: { CFItems: unknown[] };
      };
      expect(again.CFPackage.CFItems).toHaveLength(20);
      const dropped = framework.CFItems.find(
        (entry) => !smaller.CFItems.some((kept) => kept.identifier === entry.identifier),
      )!;
      expect((await get(`/CFItems/${dropped.identifier}`)).status).toBe(404);
    });

    it('refuses an invalid package with 422 naming the problem and leaves the state as it was', async () => {
      h.allowBadRequests();
      const before = h.platform.snapshot();
      const valid = generateFramework({ seed: 3, items: 10 });
      const cases: [unknown, RegExp][] = [
        [{ CFDocument: valid.CFDocument, CFAssociations: [] }, /CFItems is required/],
        [
          { ...valid, CFItems: [{ ...valid.CFItems[0]!, identifier: 'not-an-id' }] },
          /CFItems\[0\]\.identifier/,
        ],
        [{ ...valid, CFDocument: { ...valid.CFDocument, caseVersion: '1.0' } }, /caseVersion/],
        [{ ...valid, CFItems: [valid.CFItems[0], valid.CFItems[0]] }, /used twice/],
        [
          { ...valid, CFAssociations: [{ ...valid.CFAssociations[0]!, sequenceNumber: 1.5 }] },
          /sequenceNumber/,
        ],
        [{ ...valid, surprise: true }, /surprise/],
        [[], /JSON object/],
        [
          {
            ...valid,
            CFItems: [{ ...valid.CFItems[0]!, identifier: h.platform.fixtures.case.standardIds[0] }],
          },
          /another document/,
        ],
      ];
      for (const [body, message] of cases) {
        const rawResponse = await h.call('POST', '/ims/case/v1p1/CFPackages', { token, body });
        expect(rawResponse.status).toBe(422);
        expect(minor(rawResponse.body)).toBe('invaliddata');
        expect((rawResponse.body as { imsx_description: string }).imsx_description).toMatch(message);
      }
      const notJson = await h.call('POST', '/ims/case/v1p1/CFPackages', {
        token,
        body: '{"CFDocument":',
        headers: { 'content-type': 'application/json' },
      });
      expect(notJson.status).toBe(400);
      expect(h.platform.snapshot()).toEqual(before);
    });

    it('validates ids by decision 6: unknown and Course Sequence ids are invalid', async () => {
      const { standardIds, courseSequenceItemIds, itemIds } = h.platform.fixtures.case;
      const unknown = '00000000-0000-0000-0000-000000000001';
      const ids = [standardIds[0]!, itemIds[0]!, unknown, ...courseSequenceItemIds];
      const rawResponse = await h.call('POST', '/ims/case/v1p1/CFItems/validate', { token, body: { ids } });
      expect(rawResponse.status).toBe(200);
      expect(rawResponse.body).toEqual({
        valid: [standardIds[0], itemIds[0]],
        invalid: [unknown, ...courseSequenceItemIds],
      });

      // An item typed Course Sequence in an ordinary framework is invalid too.
      const framework = generateFramework({ seed: 9, items: 5 });
      framework.CFItems[4]!.CFItemType = 'Course Sequence';
      expect((await h.call('POST', '/ims/case/v1p1/CFPackages', { token, body: framework })).status).toBe(
        201,
      );
      const mixed = await h.call('POST', '/ims/case/v1p1/CFItems/validate', {
        token,
        body: { ids: [framework.CFItems[3]!.identifier, framework.CFItems[4]!.identifier] },
      });
      expect(mixed.body).toEqual({
        valid: [framework.CFItems[3]!.identifier],
        invalid: [framework.CFItems[4]!.identifier],
      });

      h.allowBadRequests();
      for (const body of [{}, { ids: 'x' }, { ids: ['nope'] }, { ids: [], extra: 1 }]) {
        expect((await h.call('POST', '/ims/case/v1p1/CFItems/validate', { token, body })).status).toBe(400);
      }
    });
  });
}
