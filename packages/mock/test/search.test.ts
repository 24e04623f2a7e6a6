import { readDocuments } from '@learnkit/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { generateFramework } from '../src/index.js';
import { useHarness } from './support/harness.js';

type Schema = {
  $ref?: string;
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  items?: Schema;
  type?: unknown;
};
type Operation = {
  operationId: string;
  parameters?: Schema[];
  'x-search-fields'?: string[];
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type Document = { paths: Record<string, { get?: Operation }> };
type Row = Record<string, unknown>;

const documents = readDocuments() as unknown as Map<string, Document>;

const resolve = (document: Document, value: Schema): Schema =>
  value.$ref
    ? (value.$ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document) as Schema)
    : value;

/** Every property of an object schema, through `$ref` and `allOf`. */
function propertiesOf(document: Document, schema: Schema): Record<string, Schema> {
  const resolved = resolve(document, schema);
  return Object.assign(
    {},
    ...(resolved.allOf ?? []).map((part) => propertiesOf(document, part)),
    resolved.properties ?? {},
  );
}

/** Every GET operation that takes `search`, with the document it lives in. */
const listings = [...documents.values()].flatMap((document) =>
  Object.entries(document.paths).flatMap(([path, item]) => {
    const operation = item.get;
    const takesSearch = operation?.parameters?.some(
      (parameter) =>
        resolve(document, parameter) && (resolve(document, parameter) as { name?: string }).name === 'search',
    );
    return operation && takesSearch ? [{ path, operation, document }] : [];
  }),
);

/** The schema a listing's objects are of, by the `$ref` of its page's array member. */
function itemSchemaOf(document: Document, operation: Operation): string | undefined {
  const page = propertiesOf(document, operation.responses['200']!.content!['application/json']!.schema);
  const list = Object.values(page).find((member) => resolve(document, member).type === 'array');
  return list ? resolve(document, list).items?.$ref?.split('/').pop() : undefined;
}

/**
 * The search fields spec/000 names, by the objects listed: users (every listing of users: students, teachers, a
 * class's or a school's), courses, classes and organizations (orgs and schools).
 */
const SPEC_FIELDS: Record<string, string[]> = {
  User: ['givenName', 'familyName', 'email'],
  Course: ['title', 'courseCode'],
  Class: ['title'],
  Org: ['name'],
};

/**
 * Every listing of the documents takes `search`: the vendor's OneRoster description gives it to all 49, and the
 * CASE listings take the family's list parameters (docs/decisions.md#d-case-list-parameters, docs/decisions.md#d-oneroster-search-fields).
 * The platform's own whole lists take no query (docs/decisions.md#d-platform-lists-take-no-query).
 */
const pagedListings = [...documents.entries()].flatMap(([name, document]) =>
  name === 'platform'
    ? []
    : Object.values(document.paths).flatMap((item) =>
        item.get && itemSchemaOf(document, item.get) ? [item.get.operationId] : [],
      ),
);

const swapCase = (text: string) =>
  [...text].map((char) => (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase())).join('');

describe('search fields in the OpenAPI documents (docs/decisions.md#d-search-fields)', () => {
  it('names the fields of every listing that accepts search, as spec/000 names them where it does', () => {
    expect(listings.map(({ operation }) => operation.operationId).sort()).toEqual([...pagedListings].sort());
    expect(pagedListings).toHaveLength(49 + 2);
    for (const { path, operation, document } of listings) {
      const fields = operation['x-search-fields'];
      expect(fields, `${operation.operationId} names no x-search-fields`).toBeInstanceOf(Array);
      expect(fields!.length).toBeGreaterThan(0);
      const spec = SPEC_FIELDS[itemSchemaOf(document, operation) ?? ''];
      if (spec) expect(fields, operation.operationId).toEqual(spec);
      // Each is a string field of the listed objects: the one array member of the page.
      const page = propertiesOf(document, operation.responses['200']!.content!['application/json']!.schema);
      const list = Object.values(page).find((member) => resolve(document, member).type === 'array')!;
      const objects = propertiesOf(document, resolve(document, list).items!);
      for (const field of fields!) {
        expect(objects[field], `${path}: ${field} is not a member of its objects`).toBeDefined();
        expect(JSON.stringify(resolve(document, objects[field]!).type)).toContain('string');
      }
    }
  });
});

describe('search on the mock', () => {
  const h = useHarness('msw');
  let token = '';
  beforeEach(async () => {
    token = await h.token(h.platform.clients.internal);
    // The seeded frameworks leave `publisher` and `alternativeLabel` empty: a package that has them comes last.
    const framework = generateFramework({ seed: 7, items: 3 });
    framework.CFDocument.publisher = 'Maple Curriculum Press';
    for (const item of framework.CFItems) item.alternativeLabel = `Alt ${item.fullStatement}`;
    expect((await h.call('POST', '/ims/case/v1p1/CFPackages', { token, body: framework })).status).toBe(201);
  });

  const concrete = (path: string) => {
    const { roster } = h.platform.fixtures;
    return path
      .replace('{classSourcedId}', 'class-math-g3')
      .replace('classes/{sourcedId}', 'classes/class-math-g3')
      .replace('{courseSourcedId}', roster.mathCourseId)
      .replace('{schoolSourcedId}', roster.schoolIds[0]!)
      .replace('schools/{sourcedId}', `schools/${roster.schoolIds[0]}`)
      .replace('{studentSourcedId}', roster.student.sourcedId)
      .replace('{userSourcedId}', roster.student.sourcedId)
      .replace('{teacherSourcedId}', roster.teacher.sourcedId)
      .replace('{termSourcedId}', roster.termIds[0]!)
      .replace('{lineItemSourcedId}', 'li-math-g3-fractions');
  };
  const list = async (path: string, query: string): Promise<Row[]> => {
    const rawResponse = await h.call('GET', `${concrete(path)}?limit=3000${query}`, { token });
    expect(rawResponse.status, rawResponse.text).toBe(200);
    return Object.values(rawResponse.body as Record<string, unknown>).find(Array.isArray) as Row[];
  };

  it('matches case-insensitively and partially the listing’s search fields, and no other field', async () => {
    for (const { path, operation } of listings) {
      const fields = operation['x-search-fields']!;
      const rows = await list(path, '');
      expect(rows.length, `${path} lists nothing to search`).toBeGreaterThan(0);
      const hits = (query: string) =>
        rows
          .filter((row) =>
            fields.some((field) => {
              const value = row[field];
              return typeof value === 'string' && value.toLowerCase().includes(query.toLowerCase());
            }),
          )
          .map((row) => row.sourcedId);

      // Queries cut from every string member of a few rows, search fields or not, in swapped case: a prefix
      // (catches a value compared without lower-casing) and a suffix (catches a match anchored at the start).
      const queries = new Map<string, { field: string; row: Row }>();
      for (const row of [rows[0]!, rows[Math.floor(rows.length / 2)]!, rows.at(-1)!]) {
        for (const [field, value] of Object.entries(row)) {
          if (typeof value !== 'string') continue;
          for (const cut of [value.slice(0, -1), value.slice(1)]) {
            const query = swapCase(cut.trim());
            if (query.length >= 2 && !queries.has(query)) queries.set(query, { field, row });
          }
        }
      }
      const exercised = new Set<string>();
      let otherFieldMissed = false;
      for (const [query, { field, row }] of queries) {
        const expected = hits(query);
        const found = (await list(path, `&search=${encodeURIComponent(query)}`)).map(
          (entry) => entry.sourcedId,
        );
        expect(found, `${path}?search=${query} (cut from ${field})`).toEqual(expected);
        if (fields.includes(field) && expected.includes(row.sourcedId)) exercised.add(field);
        if (!fields.includes(field) && !expected.includes(row.sourcedId)) otherFieldMissed = true;
      }
      // Every search field was matched through a partial, case-swapped query, and some other field's value was
      // searched without finding its row: the test would see a search over every field.
      expect([...exercised].sort(), path).toEqual([...fields].sort());
      expect(otherFieldMissed, path).toBe(true);
    }
  });
});
