import fc from 'fast-check';

type Json = Record<string, unknown>;

/** Options of {@link casePackage}. */
export interface CasePackageOptions {
  /**
   * Also CASE 1.1 members the upload shape has no place for (`frameworkType`, `subjectURI`, the document's
   * `licenseURI` link, `conceptKeywordsURI`, `CFAssociationGroupingURI`, association `notes`), which `fromCaseJson`
   * carries in `extensions` without a report.
   */
  carried?: boolean;
}

/** A CASE identifier in either hex case (docs/decisions.md#d-case-identifiers). */
const id = fc.tuple(fc.uuid(), fc.boolean()).map(([uuid, upper]) => (upper ? uuid.toUpperCase() : uuid));

/** An RFC 3339 timestamp with a zone, UTC written `Z` (what CASE 1.1 and the platform take as it is). */
const dateTime = fc
  .tuple(
    fc.date({
      min: new Date('1990-01-01T00:00:00Z'),
      max: new Date('2099-12-31T23:59:59Z'),
      noInvalidDate: true,
    }),
    fc.constantFrom('Z', '+05:30', '-07:00'),
    fc.boolean(),
  )
  .map(([date, zone, millis]) => {
    const iso = date.toISOString();
    return `${millis ? iso.slice(0, 23) : iso.slice(0, 19)}${zone}`;
  });

const date = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const text = fc.string({ maxLength: 40 });
const word = fc.string({ minLength: 1, maxLength: 20 });
const words = fc.array(word, { maxLength: 3 });
const uri = (kind: string, identifier: string) => `https://case.example.org/${kind}/${identifier}`;
const link = (kind: string) =>
  id.chain((i) => word.map((title) => ({ title, identifier: i, uri: uri(kind, i) })));
/** Extension members: any JSON (as it survives a round trip through JSON). */
const extensions = fc
  .dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
  .map((value) => JSON.parse(JSON.stringify(value)) as Json);

/** Optional members: each present or not. */
function optional(members: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Json> {
  return fc.record(members, { requiredKeys: [] }) as fc.Arbitrary<Json>;
}

function definitions(): fc.Arbitrary<Json> {
  const entry = (
    extra: Record<string, fc.Arbitrary<unknown>>,
    more: Record<string, fc.Arbitrary<unknown>> = {},
  ) =>
    fc
      .tuple(id, word, dateTime, fc.record(extra), optional({ description: text, extensions, ...more }))
      .map(([i, title, time, required, rest]) => ({
        identifier: i,
        uri: uri('definitions', i),
        title,
        lastChangeDateTime: time,
        ...required,
        ...rest,
      }));
  return optional({
    CFItemTypes: fc.array(entry({ description: text, hierarchyCode: word }, { typeCode: word }), {
      maxLength: 3,
    }),
    CFSubjects: fc.array(entry({ hierarchyCode: word }), { maxLength: 2 }),
    CFConcepts: fc.array(entry({ hierarchyCode: word }, { keywords: text }), { maxLength: 2 }),
    CFLicenses: fc.array(entry({ licenseText: text }), { maxLength: 2 }),
    CFAssociationGroupings: fc.array(entry({}), { maxLength: 2 }),
    extensions,
  });
}

/**
 * A valid CASE 1.1 package: valid against the IMS CASE 1.1 JSON Schema and, without `carried`, a valid upload
 * body too; uris absolute, identifiers unique, ends inside or outside the package.
 */
export function casePackage(options: CasePackageOptions = {}): fc.Arbitrary<Json> {
  const carried = options.carried === true;
  return fc
    .uniqueArray(id, { minLength: 1, maxLength: 30, selector: (i) => i.toLowerCase() })
    .chain((ids) => {
      const [docId, ...rest] = ids as [string, ...string[]];
      const itemCount = Math.ceil(rest.length / 2);
      const itemIds = rest.slice(0, itemCount);
      const associationIds = rest.slice(itemCount);
      const document = fc
        .tuple(
          word,
          word,
          dateTime,
          optional({
            caseVersion: fc.constant('1.1'),
            officialSourceURL: fc.constant('https://standards.example.org/official.pdf'),
            publisher: text,
            description: text,
            subject: words,
            language: fc.constantFrom('en', 'es'),
            version: text,
            adoptionStatus: fc.constantFrom('Draft', 'Adopted'),
            statusStartDate: date,
            statusEndDate: date,
            notes: text,
            extensions,
            ...(carried && {
              frameworkType: fc.constantFrom('Standards', 'Course Sequence'),
              subjectURI: fc.array(link('subjects'), { maxLength: 2 }),
              licenseURI: link('licenses'),
            }),
          }),
        )
        .map(([title, creator, time, more]) => ({
          identifier: docId,
          uri: uri('documents', docId),
          title,
          creator,
          lastChangeDateTime: time,
          ...more,
        }));
      const items = fc.tuple(
        ...itemIds.map((itemId) =>
          fc.tuple(text, dateTime, fc.option(word, { nil: undefined })).chain(([statement, time, type]) =>
            optional({
              alternativeLabel: text,
              humanCodingScheme: word,
              listEnumeration: word,
              abbreviatedStatement: text,
              conceptKeywords: words,
              notes: text,
              subject: words,
              language: fc.constantFrom('en', 'fr'),
              educationLevel: words,
              licenseURI: link('licenses'),
              statusStartDate: date,
              statusEndDate: date,
              extensions,
              ...(type !== undefined && { CFItemTypeURI: link('types').map((l) => ({ ...l, title: type })) }),
              ...(carried && {
                conceptKeywordsURI: link('concepts'),
                subjectURI: fc.array(link('subjects')),
              }),
            }).map((more) => ({
              identifier: itemId,
              uri: uri('items', itemId),
              fullStatement: statement,
              lastChangeDateTime: time,
              ...(type !== undefined && { CFItemType: type }),
              ...more,
            })),
          ),
        ),
      );
      return fc.tuple(document, items, fc.constant(associationIds), definitions());
    })
    .chain(([document, items, associationIds, defs]) => {
      const nodes = [document, ...items].map((n) => ({
        title: String((n as Json).title ?? (n as Json).fullStatement),
        identifier: String(n.identifier),
        uri: String(n.uri),
      }));
      const end = fc.oneof(fc.constantFrom(...nodes), link('outside'));
      const associations = fc.tuple(
        ...associationIds.map((associationId) =>
          fc
            .tuple(
              fc.constantFrom(
                'isChildOf',
                'isPeerOf',
                'exactMatchOf',
                'precedes',
                'isRelatedTo',
                'ext:teaches',
              ),
              end,
              end,
              dateTime,
              optional({
                sequenceNumber: fc.integer({ min: -5, max: 1000 }),
                extensions,
                ...(carried && { CFAssociationGroupingURI: link('groupings'), notes: text }),
              }),
            )
            .map(([type, origin, destination, time, more]) => ({
              identifier: associationId,
              uri: uri('associations', associationId),
              associationType: type,
              originNodeURI: origin,
              destinationNodeURI: destination,
              lastChangeDateTime: time,
              ...more,
            })),
        ),
      );
      return associations.map((list) => ({
        CFDocument: document,
        CFItems: items,
        CFAssociations: list,
        ...(Object.keys(defs).length > 0 && { CFDefinitions: defs }),
      }));
    });
}

/** Member names a messy object may hold: every member CASE JSON or the upload shape knows, and some it does not. */
const MESSY_MEMBERS = [
  'identifier',
  'sourcedId',
  'uri',
  'extensions',
  'lastChangeDateTime',
  'title',
  'creator',
  'officialSourceURL',
  'publisher',
  'caseVersion',
  'statusStartDate',
  'statusEndDate',
  'licenseUri',
  'licenseURI',
  'subject',
  'subjectURI',
  'frameworkType',
  'fullStatement',
  'CFItemType',
  'cfItemType',
  'CFItemTypeURI',
  'conceptKeywords',
  'educationLevel',
  'educationalLevel',
  'CFDocumentURI',
  'CFPackageURI',
  'associationType',
  'originNodeURI',
  'destinationNodeURI',
  'sequenceNumber',
  'notes',
  'description',
  'hierarchyCode',
  'licenseText',
  'toString',
  '__proto__',
];

/** A value as real files hold them: right, wrong type, placeholder, ASN URI, link-shaped, list-shaped, null. */
const messyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    '',
    ' ',
    'http://purl.org/ASN/resources/S114340D',
    'urn:uuid:6b6e2c1a-3b1e-4b5c-9d1e-0f0a0b0c0d0e',
    '6B6E2C1A-3B1E-4B5C-9D1E-0F0A0B0C0D0E',
    'relative/path',
    '2019-03-20T14:22:31',
    '2019-03-20T14:22:31+00:00',
    'YYYY-MM-DD hh:mm:ss',
    '2019-02-30',
    '2020-01-01',
    '1.1',
    1.1,
    '42',
    'K, 01,02',
  ),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.constant(''), fc.integer(), fc.constant(null)), {
    maxLength: 3,
  }),
  fc.record(
    {
      title: fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null)),
      identifier: fc.oneof(
        fc.uuid(),
        fc.constant('http://purl.org/ASN/resources/S1'),
        fc.constant(''),
        fc.integer(),
      ),
      sourcedId: fc.uuid(),
      uri: fc.oneof(fc.constant('https://case.example.org/x'), fc.constant('x'), fc.constant(null)),
      extra: fc.jsonValue({ maxDepth: 1 }),
    },
    { requiredKeys: [] },
  ),
);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One change to a valid package: a member of one of its objects set to a messy value, or removed. */
const mutation = fc.record({
  list: fc.constantFrom('CFDocument', 'CFItems', 'CFAssociations', 'CFItemTypes', 'CFLicenses'),
  index: fc.nat(),
  member: fc.constantFrom(...MESSY_MEMBERS),
  /** Inside a link or an association end instead, when the member holds one. */
  inner: fc.option(fc.constantFrom('title', 'identifier', 'uri', 'sourcedId', 'extra'), { nil: undefined }),
  value: fc.option(messyValue, { nil: undefined }),
});

const LINKS = ['originNodeURI', 'destinationNodeURI', 'CFItemTypeURI', 'licenseURI'];

/**
 * CASE JSON as real files get it wrong: a valid package (carried members included) with members of its
 * objects replaced by values of any type and form, or removed, and its lists sometimes keyed by id.
 */
export function messyCasePackage(): fc.Arbitrary<Json> {
  return fc
    .tuple(casePackage({ carried: true }), fc.array(mutation, { minLength: 1, maxLength: 12 }), fc.boolean())
    .map(([valid, mutations, keyed]) => {
      const pkg = structuredClone(valid) as Json;
      const definitions = (pkg.CFDefinitions ?? {}) as Json;
      for (const { list, index, member: named, inner, value } of mutations) {
        const holder = list === 'CFDocument' ? [pkg.CFDocument] : (pkg[list] ?? definitions[list]);
        if (!Array.isArray(holder) || holder.length === 0) continue;
        const outer = holder[index % holder.length] as Json;
        const link = inner === undefined ? undefined : LINKS.find((key) => isObject(outer[key]));
        const object = link === undefined ? outer : (outer[link] as Json);
        const member = link === undefined ? named : (inner as string);
        if (value === undefined) delete object[member];
        else
          Object.defineProperty(object, member, {
            value,
            enumerable: true,
            writable: true,
            configurable: true,
          });
      }
      if (keyed) {
        const items = pkg.CFItems as Json[];
        pkg.CFItems = {
          CFItems: Object.fromEntries(
            items.map((item, i) => [typeof item.identifier === 'string' ? item.identifier : String(i), item]),
          ),
        };
      }
      return pkg;
    });
}
