import {
  ApiError,
  and,
  BadRequestError,
  ConnectionError,
  NotFoundError,
  TimeoutError,
  UnprocessableEntityError,
  ValidationError,
  where,
} from '@learnkit/core';
import { createApiError } from '@learnkit/core/internal';
import { generateFramework } from '@learnkit/mock';
import { itChecksEveryExchange, itWorksOverASharedHttpClient } from '@learnkit/test-utils';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  buildTree,
  type CFDocument,
  type CFItem,
  type CFPackageUpload,
  fromCaseJson,
  VALIDATE_CHUNK_SIZE,
} from '../src/index';
import { publisherExport, smallFramework, UNKNOWN_ID } from './fixtures';
import { type Mode, useCaseMock } from './harness';

const BASE = '/ims/case/v1p1';

/** The whole CASE suite against the mock through `mode`; run once per transport. */
export function caseSuite(mode: Mode): void {
  const ctx = useCaseMock(mode);

  describe('createCaseClient', () => {
    itWorksOverASharedHttpClient(ctx, async (client) => {
      const page = await client.documents.list();
      expect(page.data.length).toBeGreaterThanOrEqual(2);
    });
  });

  describe('contract', () => {
    itChecksEveryExchange(ctx, async (client) => {
      await client.documents.list();
      await client.items.validate([UNKNOWN_ID]);
    });
  });

  describe('documents', () => {
    it('lists documents and gets one, with the token on every request', async () => {
      const client = ctx.client();
      const page = await client.documents.list();
      const ids = page.data.map((d) => d.sourcedId);
      expect(ids).toContain(ctx.platform.fixtures.case.documentId);
      expect(ids).toContain(ctx.platform.fixtures.case.courseSequenceDocumentId);
      const doc = await client.documents.get(ctx.platform.fixtures.case.documentId);
      expect(doc.sourcedId).toBe(ctx.platform.fixtures.case.documentId);
      expect(doc.CFPackageURI.sourcedId).toBe(doc.sourcedId);
      expectTypeOf(doc).toEqualTypeOf<CFDocument>();
    });

    it('pages with limit and offset, and walks every page', async () => {
      const client = ctx.client();
      const first = await client.documents.list({ limit: 1 });
      expect(first.data).toHaveLength(1);
      expect(first.total).toBe(2);
      expect(first.hasNextPage()).toBe(true);
      const second = await first.getNextPage();
      expect(second.offset).toBe(1);
      expect(second.hasNextPage()).toBe(false);
      const walked: string[] = [];
      for await (const doc of client.documents.list({ limit: 1 })) walked.push(doc.sourcedId);
      expect(walked).toEqual([first.data[0]?.sourcedId, second.data[0]?.sourcedId]);
      const skipped = await client.documents.list({ offset: 1, limit: 1 });
      expect(skipped.data[0]?.sourcedId).toBe(second.data[0]?.sourcedId);
    });

    it('sorts, filters (string and builder), searches and selects fields', async () => {
      const client = ctx.client();
      const asc = await client.documents.list({ sort: 'title', orderBy: 'asc' });
      const desc = await client.documents.list({ sort: 'title', orderBy: 'desc' });
      const titles = asc.data.map((d) => d.title);
      expect(titles).toEqual([...titles].sort());
      expect(desc.data.map((d) => d.title)).toEqual([...titles].reverse());

      const byString = await client.documents.list({ filter: "title~'course sequence'" });
      expect(byString.data.map((d) => d.sourcedId)).toEqual([
        ctx.platform.fixtures.case.courseSequenceDocumentId,
      ]);
      const byBuilder = await client.documents.list({ filter: where.contains('title', 'course sequence') });
      expect(byBuilder.data).toEqual(byString.data);

      const searched = await client.documents.list({ search: 'SEQUENCE' });
      expect(searched.data.map((d) => d.sourcedId)).toEqual([
        ctx.platform.fixtures.case.courseSequenceDocumentId,
      ]);

      const narrow = await client.documents.list({ fields: ['sourcedId', 'title'] });
      for (const doc of narrow.data) expect(Object.keys(doc).sort()).toEqual(['sourcedId', 'title']);
      expectTypeOf(narrow.data[0]!).toEqualTypeOf<Pick<CFDocument, 'sourcedId' | 'title'>>();

      const query = ctx.apiRequests().map((r) => r.url.searchParams);
      expect(query.some((q) => q.get('fields') === 'sourcedId,title')).toBe(true);
      expect(query.some((q) => q.get('filter') === "title~'course sequence'")).toBe(true);
      expect(query.every((q) => q.get('limit') === '100')).toBe(true);
    });

    it('get narrows to the fields asked for', async () => {
      const doc = await ctx.client().documents.get(ctx.platform.fixtures.case.documentId, {
        fields: ['title', 'uri'] as const,
      });
      expect(Object.keys(doc).sort()).toEqual(['title', 'uri']);
      expectTypeOf(doc).toEqualTypeOf<Pick<CFDocument, 'title' | 'uri'>>();
      expect(ctx.apiRequests()[0]?.url.searchParams.get('fields')).toBe('title,uri');
    });
  });

  describe('items', () => {
    it('lists items with every list parameter', async () => {
      const client = ctx.client();
      const all = await client.items.list({ limit: 3000 });
      const total = all.total ?? 0;
      expect(total).toBe(
        ctx.platform.fixtures.case.itemIds.length + ctx.platform.fixtures.case.courseSequenceItemIds.length,
      );

      const offset = await client.items.list({ limit: 5, offset: 10 });
      expect(offset.data.map((i) => i.sourcedId)).toEqual(all.data.slice(10, 15).map((i) => i.sourcedId));

      const sorted = await client.items.list({ limit: 3000, sort: 'humanCodingScheme', orderBy: 'desc' });
      const codes = sorted.data.map((i) => i.humanCodingScheme ?? '');
      expect(codes).toEqual([...codes].sort().reverse());

      const standards = await client.items.list({ limit: 3000, filter: "CFItemType='Standard'" });
      expect(standards.data.length).toBeGreaterThan(0);
      expect(standards.data.every((i) => i.CFItemType === 'Standard')).toBe(true);
      const built = await client.items.list({
        limit: 3000,
        filter: and(where.eq('CFItemType', 'Standard'), where.contains('humanCodingScheme', '.A.')),
      });
      expect(built.data.length).toBeGreaterThan(0);
      expect(
        built.data.every((i) => i.CFItemType === 'Standard' && i.humanCodingScheme?.includes('.A.')),
      ).toBe(true);
      expect(built.data.length).toBeLessThan(standards.data.length);

      const lessons = await client.items.list({ search: 'lesson' });
      expect(lessons.data.map((i) => i.sourcedId).sort()).toEqual(
        ctx.platform.fixtures.case.courseSequenceItemIds.slice(1).sort(),
      );

      const narrow = await client.items.list({ limit: 10, fields: ['sourcedId', 'humanCodingScheme'] });
      for (const item of narrow.data)
        expect(Object.keys(item).sort()).toEqual(['humanCodingScheme', 'sourcedId']);
      expectTypeOf(narrow.data[0]!).toEqualTypeOf<Pick<CFItem, 'sourcedId' | 'humanCodingScheme'>>();
    });

    it('gets an item, whole or narrowed to fields', async () => {
      const client = ctx.client();
      const id = ctx.platform.fixtures.case.standardIds[0]!;
      const item = await client.items.get(id);
      expect(item.sourcedId).toBe(id);
      expect(item.CFItemType).toBe('Standard');
      expect(item.CFDocumentURI?.sourcedId).toBe(ctx.platform.fixtures.case.documentId);
      const narrow = await client.items.get(id, { fields: ['fullStatement', 'CFItemType'] });
      expect(Object.keys(narrow).sort()).toEqual(['CFItemType', 'fullStatement']);
      expectTypeOf(narrow).toEqualTypeOf<Pick<CFItem, 'fullStatement' | 'CFItemType'>>();
    });

    it('an unknown item is a NotFoundError carrying the imsx status', async () => {
      const error = await ctx
        .client()
        .items.get(UNKNOWN_ID)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).status).toBe(404);
      expect((error as NotFoundError).imsx?.codeMinor[0]?.value).toBe('unknownobject');
    });

    it('a filter the platform refuses is a BadRequestError', async () => {
      const error = await ctx
        .client()
        .items.list({ filter: "noSuchField='x'" })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BadRequestError);
    });
  });

  describe('items.validate', () => {
    it('splits known, unknown and Course Sequence ids, in input order', async () => {
      const { standardIds, courseSequenceItemIds } = ctx.platform.fixtures.case;
      const ids = [
        standardIds[0]!,
        UNKNOWN_ID,
        courseSequenceItemIds[1]!,
        standardIds[1]!,
        courseSequenceItemIds[0]!,
      ];
      const result = await ctx.client().items.validate(ids);
      expect(result.valid).toEqual([standardIds[0], standardIds[1]]);
      expect(result.invalid).toEqual([UNKNOWN_ID, courseSequenceItemIds[1], courseSequenceItemIds[0]]);
    });

    it('treats the items of a framework whose frameworkType is Course Sequence as invalid', async () => {
      const client = ctx.client();
      const { body } = fromCaseJson(
        publisherExport(smallFramework(21, 12), { frameworkType: 'Course Sequence' }),
      );
      await client.packages.upload(body);
      const ids = body.CFItems.map((i) => i.identifier);
      const result = await client.items.validate(ids);
      expect(result.valid).toEqual([]);
      expect(result.invalid).toEqual(ids);
    });

    it(`chunks long lists by ${VALIDATE_CHUNK_SIZE}, asks each id once, and keeps duplicates in place`, async () => {
      const { itemIds } = ctx.platform.fixtures.case;
      const unknown = Array.from(
        { length: 2300 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      );
      const ids = [...unknown.slice(0, 1200), ...itemIds, ...unknown.slice(1200), itemIds[0]!, unknown[0]!];
      const result = await ctx.client().items.validate(ids);
      expect(result.valid).toEqual([...itemIds, itemIds[0]]);
      expect(result.invalid).toEqual([...unknown, unknown[0]]);
      const calls = ctx.apiRequests().filter((r) => r.url.pathname === `${BASE}/CFItems/validate`);
      const distinct = new Set(ids).size;
      expect(calls).toHaveLength(Math.ceil(distinct / VALIDATE_CHUNK_SIZE));
      await ctx.flush();
      const sentIds = calls.flatMap((c) => (JSON.parse(c.body ?? '{}') as { ids: string[] }).ids);
      expect(sentIds).toHaveLength(distinct);
    });

    it('keeps hex case as given (docs/decisions.md#d-case-identifiers)', async () => {
      const upper = ctx.platform.fixtures.case.standardIds[0]!.toUpperCase();
      const result = await ctx.client().items.validate([upper, '00000000-0000-0000-0000-000000000001']);
      expect(result.invalid).toEqual([upper, '00000000-0000-0000-0000-000000000001']);
    });

    it('refuses non-uuid ids before sending, naming each index', async () => {
      const error = await ctx
        .client()
        .items.validate([UNKNOWN_ID, 'abc', UNKNOWN_ID, '6b1e2c9a3f4d4a5b8c7d9e0f1a2b3c4d'])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((i) => i.path)).toEqual([
        ['ids', 1],
        ['ids', 3],
      ]);
      expect((error as ValidationError).message).toContain('ids[1]: not a uuid');
      expect(ctx.sent).toHaveLength(0);
    });

    it('sends nothing for an empty list', async () => {
      expect(await ctx.client().items.validate([])).toEqual({ valid: [], invalid: [] });
      expect(ctx.sent).toHaveLength(0);
    });

    it('is idempotent: retried after a 500 and after a reset connection', async () => {
      const client = ctx.client();
      ctx.platform.faults.inject({ method: 'POST', path: `${BASE}/CFItems/validate`, status: 500 });
      ctx.platform.faults.inject({ method: 'POST', path: `${BASE}/CFItems/validate`, reset: true });
      const result = await client.items.validate([ctx.platform.fixtures.case.standardIds[0]!]);
      expect(result.valid).toHaveLength(1);
      expect(ctx.apiRequests()).toHaveLength(3);
    });
  });

  describe('associations', () => {
    it('gets an association', async () => {
      const id = ctx.platform.fixtures.case.associationId;
      const association = await ctx.client().associations.get(id);
      expect(association.sourcedId).toBe(id);
      expect(association.associationType).toBe('isChildOf');
      expect(association.destinationNodeURI.sourcedId).toBe(ctx.platform.fixtures.case.documentId);
    });
  });

  describe('packages', () => {
    it('gets a package, whole or narrowed to members, and builds its tree', async () => {
      const client = ctx.client();
      const id = ctx.platform.fixtures.case.documentId;
      const pkg = await client.packages.get(id);
      expect(pkg.CFItems).toHaveLength(ctx.platform.fixtures.case.itemIds.length);
      const tree = buildTree(pkg);
      expect(tree.problems).toEqual([]);
      expect([...tree.walk()]).toHaveLength(ctx.platform.fixtures.case.itemIds.length);
      expect(tree.root.children.map((n) => n.item?.CFItemType)).toEqual(
        tree.root.children.map(() => 'Grade Level'),
      );
      const narrow = await client.packages.get(id, { fields: ['CFDocument'] });
      expect(Object.keys(narrow)).toEqual(['CFDocument']);
      expectTypeOf(narrow).toHaveProperty('CFDocument');
    });

    it('uploads a package and reads it back: counts and fields equal', async () => {
      const client = ctx.client();
      const body = smallFramework(5, 120);
      const result = await client.packages.upload(body);
      expect(result).toEqual({
        success: true,
        message: expect.any(String),
        result: {
          documentId: body.CFDocument.identifier,
          stats: { documents: 1, items: body.CFItems.length, associations: body.CFAssociations.length },
          success: true,
        },
      });
      const pkg = await client.packages.get(body.CFDocument.identifier);
      expect(pkg.CFDocument.title).toBe(body.CFDocument.title);
      expect(pkg.CFDocument.creator).toBe(body.CFDocument.creator);
      expect(pkg.CFItems).toHaveLength(body.CFItems.length);
      expect(pkg.CFAssociations).toHaveLength(body.CFAssociations.length);
      const back = new Map(pkg.CFItems?.map((i) => [i.sourcedId, i]));
      for (const sent of body.CFItems) {
        const got = back.get(sent.identifier);
        expect(got).toMatchObject({
          fullStatement: sent.fullStatement,
          CFItemType: sent.CFItemType,
          humanCodingScheme: sent.humanCodingScheme,
          listEnumeration: sent.listEnumeration,
          uri: sent.uri,
          lastChangeDateTime: sent.lastChangeDateTime,
          educationLevel: sent.educationLevel,
        });
      }
      const associations = new Map(pkg.CFAssociations?.map((a) => [a.sourcedId, a]));
      for (const sent of body.CFAssociations) {
        const got = associations.get(sent.identifier);
        expect(got?.associationType).toBe(sent.associationType);
        expect(got?.originNodeURI.sourcedId).toBe(sent.originNodeURI.identifier);
        expect(got?.destinationNodeURI.sourcedId).toBe(sent.destinationNodeURI.identifier);
        expect(got?.sequenceNumber ?? undefined).toBe(sent.sequenceNumber);
      }
      // The tree of what was sent and of what came back are the same.
      const shape = (t: ReturnType<typeof buildTree>) => [...t.walk()].map((n) => `${n.depth}:${n.id}`);
      expect(shape(buildTree(pkg))).toEqual(shape(buildTree(body)));
    });

    it('accepts the cfItemType spelling', async () => {
      const client = ctx.client();
      const body = smallFramework(6, 8);
      for (const item of body.CFItems) {
        item.cfItemType = item.CFItemType;
        delete item.CFItemType;
      }
      await client.packages.upload(body);
      const item = await client.items.get(body.CFItems[0]!.identifier);
      expect(item.CFItemType).toBe(body.CFItems[0]!.cfItemType);
    });

    it('uploads what fromCaseJson made of a publisher export', async () => {
      const client = ctx.client();
      const { body, changes } = fromCaseJson(publisherExport(smallFramework(8, 30)));
      expect(changes.length).toBeGreaterThan(0);
      const result = await client.packages.upload(body);
      expect(result.result?.stats?.items).toBe(30);
      const doc = await client.documents.get(body.CFDocument.identifier);
      expect(doc.frameworkType).toBe('Standards');
      expect(doc.lastChangeDateTime.endsWith('Z')).toBe(true);
      expect(doc.licenseURI?.uri).toBe('https://creativecommons.org/licenses/by/4.0/');
    });

    it('is idempotent: an upload is retried after a 500 and after a timeout, and the package stored once', async () => {
      const client = ctx.client({ timeoutMs: 300 });
      const body = smallFramework(9, 20);
      ctx.platform.faults.inject({ method: 'POST', path: `${BASE}/CFPackages`, status: 500 });
      ctx.platform.faults.inject({ method: 'POST', path: `${BASE}/CFPackages`, hang: true });
      const result = await client.packages.upload(body);
      expect(result.success).toBe(true);
      expect(ctx.apiRequests()).toHaveLength(3);
      const page = await client.documents.list({ filter: where.eq('sourcedId', body.CFDocument.identifier) });
      expect(page.data).toHaveLength(1);
    });

    it('an upload the platform refuses is an UnprocessableEntityError', async () => {
      // A zone-less timestamp passes the upload schema (a string) but the platform refuses it (fromCaseJson fixes it).
      const body = smallFramework(10, 5);
      body.CFItems[0]!.lastChangeDateTime = '2025-06-01T12:00:00';
      const error = await ctx
        .client()
        .packages.upload(body)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnprocessableEntityError);
      expect((error as UnprocessableEntityError).message).toContain('CFItems[0].lastChangeDateTime');
    });

    it('pages through a 10,000-item framework in pages of 3,000', async () => {
      const client = ctx.client();
      const body = generateFramework({ seed: 77, items: 10_000 }) as CFPackageUpload;
      const upload = await client.packages.upload(body);
      expect(upload.result?.stats?.items).toBe(10_000);
      const seeded =
        ctx.platform.fixtures.case.itemIds.length + ctx.platform.fixtures.case.courseSequenceItemIds.length;

      const sizes: number[] = [];
      for await (const page of client.items.list({ limit: 3000 }).pages()) sizes.push(page.data.length);
      const total = 10_000 + seeded;
      expect(sizes).toEqual([3000, 3000, 3000, total - 9000]);

      const seen = new Set<string>();
      for await (const item of client.items.list({ limit: 3000, fields: ['sourcedId'] }))
        seen.add(item.sourcedId);
      expect(seen.size).toBe(total);
      for (const item of body.CFItems) expect(seen.has(item.identifier)).toBe(true);
      const offsets = ctx
        .apiRequests()
        .filter(
          (r) => r.url.pathname === `${BASE}/CFItems` && r.url.searchParams.get('fields') === 'sourcedId',
        )
        .map((r) => Number(r.url.searchParams.get('offset')));
      expect(offsets).toEqual([0, 3000, 6000, 9000]);
    }, 60_000);
  });

  describe('malformed uploads: a ValidationError naming the JSON path, nothing sent', () => {
    const cases: [string, (body: CFPackageUpload) => unknown, string][] = [
      [
        'a non-uuid item identifier',
        (b) => {
          b.CFItems[12]!.identifier = 'item-12';
          return b;
        },
        'CFItems[12].identifier: not a uuid',
      ],
      [
        'a missing CFItems',
        (b) => ({ CFDocument: b.CFDocument, CFAssociations: b.CFAssociations }),
        'CFItems: is required',
      ],
      [
        'a missing CFAssociations',
        (b) => ({ CFDocument: b.CFDocument, CFItems: b.CFItems }),
        'CFAssociations: is required',
      ],
      [
        'a document without title',
        (b) => {
          delete (b.CFDocument as { title?: string }).title;
          return b;
        },
        'CFDocument.title: is required',
      ],
      [
        'a non-uuid document identifier',
        (b) => {
          b.CFDocument.identifier = 'doc';
          return b;
        },
        'CFDocument.identifier: not a uuid',
      ],
      [
        'an association end without title',
        (b) => {
          delete (b.CFAssociations[3]!.originNodeURI as { title?: string }).title;
          return b;
        },
        'CFAssociations[3].originNodeURI.title: is required',
      ],
      [
        'an association end given as a string',
        (b) => {
          b.CFAssociations[1]!.destinationNodeURI = 'https://x.test/1' as never;
          return b;
        },
        'CFAssociations[1].destinationNodeURI: must be an object',
      ],
      [
        'an association end with sourcedId instead of identifier',
        (b) => {
          const end = b.CFAssociations[2]!.originNodeURI as unknown as Record<string, unknown>;
          end.sourcedId = end.identifier;
          delete end.identifier;
          return b;
        },
        'CFAssociations[2].originNodeURI.identifier: is required',
      ],
      [
        'an unknown member',
        (b) => {
          (b.CFItems[4] as unknown as Record<string, unknown>).colour = 'red';
          return b;
        },
        'CFItems[4].colour: is not a member',
      ],
      [
        'a wrong type',
        (b) => {
          b.CFItems[5]!.educationLevel = '05' as never;
          return b;
        },
        'CFItems[5].educationLevel: must be an array',
      ],
      [
        'a duplicate identifier',
        (b) => {
          b.CFItems[7]!.identifier = b.CFItems[6]!.identifier;
          return b;
        },
        'CFItems[7].identifier: ',
      ],
      [
        'two different CFItemType spellings',
        (b) => {
          b.CFItems[2]!.cfItemType = 'Cluster';
          b.CFItems[2]!.CFItemType = 'Domain';
          return b;
        },
        'CFItems[2].cfItemType: differs from CFItemType',
      ],
      ['an array instead of a package', () => [], 'must be an object'],
      ['null', () => null, 'must be an object'],
    ];
    for (const [name, mutate, expected] of cases) {
      it(name, async () => {
        const body = mutate(smallFramework(12, 40));
        const error = await ctx
          .client()
          .packages.upload(body as CFPackageUpload)
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).message).toContain(expected);
        expect(ctx.sent).toHaveLength(0);
      });
    }
  });

  describe('bad input to reads: a ValidationError, nothing sent', () => {
    it('refuses limits outside 1..3000, bad fields, typos in options and empty ids', async () => {
      const client = ctx.client();
      const attempts: Promise<unknown>[] = [
        client.items.list({ limit: 0 }),
        client.items.list({ limit: 3001 }),
        client.documents.list({ orderBy: 'up' as 'asc' }),
        client.items.get(UNKNOWN_ID, { fields: [] as string[] }),
        client.items.get(UNKNOWN_ID, { fields: ['a.b'] as string[] }),
        client.documents.get(UNKNOWN_ID, { feilds: ['title'] } as never),
        client.items.list({}, { timeout: 5 } as never),
        client.associations.get(''),
        client.packages.get(42 as unknown as string),
      ];
      for (const attempt of attempts) await expect(attempt).rejects.toBeInstanceOf(ValidationError);
      expect(ctx.sent).toHaveLength(0);
    });
  });

  describe('error statuses as typed errors', () => {
    // Which class a status becomes is core's table, pinned once by core's own test (errors.test.ts); here, that
    // every CASE call goes through it, after the attempts its status earns: a 401 fetches a new token once, 429 and
    // 5xx are retried (docs/decisions.md#d-cross-package-pairs-once).
    const classOf = (status: number) =>
      createApiError({ status, headers: new Headers(), body: '', operation: 'GET /' }).constructor;
    const table: [status: number, attempts: number][] = [
      [400, 1],
      [401, 2],
      [403, 1],
      [404, 1],
      [422, 1],
      [429, 3],
      [500, 3],
    ];
    for (const [status, attempts] of table) {
      const type = classOf(status);
      it(`${status} -> ${type.name} after ${attempts} attempt(s)`, async () => {
        expect(type, 'a typed subclass, not the base class').not.toBe(ApiError);
        const client = ctx.client();
        ctx.platform.faults.inject({ path: /^\/ims\/case\//, status, times: Number.POSITIVE_INFINITY });
        const calls: [string, () => Promise<unknown>][] = [
          ['items.get', () => client.items.get(UNKNOWN_ID)],
          ['items.list', () => client.items.list().then((p) => p.data)],
          ['documents.get', () => client.documents.get(UNKNOWN_ID)],
          ['documents.list', () => client.documents.list().then((p) => p.data)],
          ['associations.get', () => client.associations.get(UNKNOWN_ID)],
          ['packages.get', () => client.packages.get(UNKNOWN_ID)],
          ['packages.upload', () => client.packages.upload(smallFramework(13, 5))],
          ['items.validate', () => client.items.validate([UNKNOWN_ID])],
        ];
        for (const [name, call] of calls) {
          const before = ctx.apiRequests().length;
          const error = await call().catch((e: unknown) => e);
          expect(error, name).toBeInstanceOf(type);
          expect((error as { status: number }).status, name).toBe(status);
          expect(ctx.apiRequests().length - before, name).toBe(attempts);
        }
      });
    }

    it('a hung server is a TimeoutError; a reset connection on a GET is retried', async () => {
      const client = ctx.client({ timeoutMs: 100, retry: false });
      ctx.platform.faults.inject({ path: `${BASE}/CFDocuments`, hang: true });
      await expect(client.documents.list()).rejects.toBeInstanceOf(TimeoutError);
      const retrying = ctx.client();
      ctx.platform.faults.inject({ path: `${BASE}/CFDocuments`, reset: true });
      expect((await retrying.documents.list()).data.length).toBeGreaterThan(0);
      const failing = ctx.client({ retry: false });
      ctx.platform.faults.inject({ path: `${BASE}/CFDocuments`, reset: true });
      await expect(failing.documents.list()).rejects.toBeInstanceOf(ConnectionError);
    });

    it("honours the caller's abort signal", async () => {
      const controller = new AbortController();
      ctx.platform.faults.inject({ path: `${BASE}/CFItems`, delayMs: 200 });
      const pending = ctx.client().items.list({}, { signal: controller.signal });
      setTimeout(() => controller.abort(new Error('stop')), 20);
      await expect(pending).rejects.toThrow('stop');
    });
  });
}
