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
