import { ValidationError } from '@learnkit/core';
import { formatJsonPath } from '@learnkit/core/internal';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CaseJsonChange, describeChange, fromCaseJson, validatePackageUpload } from '../src/index';
import { casePackage, messyCasePackage } from './arbitraries';
import { publisherExport, smallFramework, withLine } from './fixtures';
import { imsDefinitionsErrors, imsPackageErrors } from './ims-schema';

/** A test input mutated freely, as a publisher's file can hold anything. */
// biome-ignore lint/suspicious/noExplicitAny: publishers' files are untyped JSON; each test shapes its own.
type Loose = any;

const refusal = (input: unknown, options?: { strict?: boolean }): ValidationError => {
  try {
    fromCaseJson(input, options);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('fromCaseJson accepted the input');
};

/** A tiny CASE 1.1 export as publishers write it (one document, two items, one association). */
function tinyExport() {
  const doc = {
    title: 'Tiny',
    identifier: 'c5fb0a1e-d1e1-11e8-a2a4-0242ac1a0003',
    uri: 'https://case.example.org/uri/c5fb0a1e-d1e1-11e8-a2a4-0242ac1a0003',
  };
  return {
    CFDocument: {
      ...doc,
      creator: 'Example State DOE',
      lastChangeDateTime: '2019-03-20T14:22:31+00:00',
      CFPackageURI: doc,
    },
    CFItems: [
      {
        identifier: 'c5fb1d5a-d1e1-11e8-a2a4-0242ac1a0003',
        uri: 'https://case.example.org/uri/c5fb1d5a-d1e1-11e8-a2a4-0242ac1a0003',
        fullStatement: 'Count to 100 by ones and by tens.',
        humanCodingScheme: 'K.CC.1',
        listEnumeration: 1,
        CFItemTypeURI: {
          title: 'Standard',
          identifier: '2f1a0e8c-0000-4000-8000-000000000001',
          uri: 'https://case.example.org/uri/t1',
        },
        educationLevel: 'KG, 01',
        lastChangeDateTime: '2019-03-20 14:22:31',
        statusStartDate: '2019-03-20T00:00:00',
        CFDocumentURI: doc,
      },
      {
        identifier: 'c5fb2000-d1e1-11e8-a2a4-0242ac1a0003',
        uri: 'https://case.example.org/uri/c5fb2000-d1e1-11e8-a2a4-0242ac1a0003',
        fullStatement: 'Understand the relationship between numbers and quantities.',
        cfItemType: 'Standard',
        lastChangeDateTime: '2019-03-20',
      },
    ],
    CFAssociations: [
      {
        identifier: 'a1a1a1a1-d1e1-11e8-a2a4-0242ac1a0003',
        uri: 'https://case.example.org/uri/a1a1a1a1-d1e1-11e8-a2a4-0242ac1a0003',
        associationType: 'isChildOf',
        sequenceNumber: '1',
        originNodeURI: { identifier: 'c5fb1d5a-d1e1-11e8-a2a4-0242ac1a0003' },
        destinationNodeURI: { ...doc, targetType: 'CFDocument' },
        CFAssociationGroupingURI: null,
        lastChangeDateTime: '2019-03-20T14:22:31+0000',
      },
    ],
  };
}

/** The changes reported at one path, as their one-line texts. */
const at = (changes: CaseJsonChange[], path: string) =>
  changes.filter((c) => c.path === path).map(describeChange);

describe('fromCaseJson', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('leaves a valid upload body as it is, with no changes', () => {
    const body = smallFramework(31, 60);
    const result = fromCaseJson(body);
    expect(result.changes).toEqual([]);
    expect(result.body).toEqual(body);
  });

  it('property: any valid CASE package survives unchanged, with an empty report', () => {
    fc.assert(
      fc.property(casePackage(), (pkg) => {
        // The generator's claim, checked: valid CASE 1.1 and a valid upload body.
        expect(imsPackageErrors(pkg)).toEqual([]);
        expect(validatePackageUpload(pkg)).toEqual([]);
        const { body, changes } = fromCaseJson(structuredClone(pkg));
        expect(changes).toEqual([]);
        expect(body).toEqual(pkg);
      }),
      { numRuns: 60 },
    );
  });

  it('normalises a publisher export and reports every change; the input is not modified', () => {
    const input = publisherExport(smallFramework(32, 10));
    const copy = structuredClone(input);
    const { body, changes } = fromCaseJson(input);
    expect(input).toEqual(copy);
    expect(validatePackageUpload(body)).toEqual([]);
    expect(at(changes, 'CFDocument.CFPackageURI')).toEqual([
      'removed (the platform derives it from the package)',
    ]);
    expect(at(changes, 'CFDocument.notes')).toEqual(['removed (null means absent)']);
    expect(at(changes, 'CFItems[3].CFDocumentURI')[0]).toContain('removed');
    expect(at(changes, 'CFItems[3].lastChangeDateTime')[0]).toContain('Z (UTC) added');
    expect(at(changes, 'CFAssociations[0].lastChangeDateTime')[0]).toContain('Z (UTC) added');
    // CASE 1.1 members the upload shape spells otherwise are translated, not repaired: no report.
    expect(at(changes, 'CFDocument.frameworkType')).toEqual([]);
    expect(at(changes, 'CFDocument.licenseURI')).toEqual([]);
    expect(at(changes, 'CFDocument.subjectURI')).toEqual([]);
    expect(body.CFDocument.extensions).toEqual({
      frameworkType: 'Standards',
      subjectURI: copy.CFDocument.subjectURI,
    });
    expect(body.CFDocument.licenseUri).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(body.CFItems.every((i) => i.lastChangeDateTime.endsWith('Z'))).toBe(true);
    expect(body.CFItems.every((i) => !('CFDocumentURI' in i) && !('alternativeLabel' in i))).toBe(true);
    expect('CFPackageURI' in body.CFDocument).toBe(false);
  });

  it('normalises timestamps, dates, numbers, lists, item types and association ends', () => {
    const { body, changes } = fromCaseJson(tinyExport());
    const [first, second] = body.CFItems;
    expect(body.CFDocument.lastChangeDateTime).toBe('2019-03-20T14:22:31Z');
    expect(first?.lastChangeDateTime).toBe('2019-03-20T14:22:31Z');
    expect(first?.statusStartDate).toBe('2019-03-20');
    expect(first?.listEnumeration).toBe('1');
    expect(first?.educationLevel).toEqual(['KG', '01']);
    expect(first?.CFItemType).toBe('Standard');
    expect(second?.lastChangeDateTime).toBe('2019-03-20T00:00:00Z');
    expect(second?.cfItemType).toBe('Standard');
    expect(second?.CFItemType).toBeUndefined();
    const association = body.CFAssociations[0];
    expect(association?.lastChangeDateTime).toBe('2019-03-20T14:22:31Z');
    expect(association?.sequenceNumber).toBe(1);
    expect(association?.originNodeURI).toEqual({
      title: 'Count to 100 by ones and by tens.',
      identifier: 'c5fb1d5a-d1e1-11e8-a2a4-0242ac1a0003',
      uri: 'https://case.example.org/uri/c5fb1d5a-d1e1-11e8-a2a4-0242ac1a0003',
    });
    expect(Object.keys(association?.destinationNodeURI ?? {}).sort()).toEqual(['identifier', 'title', 'uri']);
    const paths = changes.map((c) => c.path);
    expect(paths).toContain('CFDocument.lastChangeDateTime');
    expect(paths).toContain('CFAssociations[0].originNodeURI.title');
    expect(paths).toContain('CFAssociations[0].destinationNodeURI.targetType');
    expect(paths).toContain('CFAssociations[0].CFAssociationGroupingURI');
    expect(paths).toContain('CFItems[0].CFItemType');
  });

  it('moves members outside CASE 1.1 to the extensions of their object, value unchanged, and reports each', () => {
    const input = tinyExport() as Loose;
    const grouping = {
      title: 'Association Group',
      identifier: 'a1a1a1a1-d1e1-11e8-a2a4-0242ac1a0009',
      uri: null,
    };
    Object.assign(input.CFDocument, {
      licence: 'CC BY',
      licenceURI: 'https://creativecommons.org/licenses/by/4.0/',
      subjectURL: [{ title: 'Math' }],
      colour: { r: 1 },
    });
    Object.assign(input.CFItems[0], { educationalLevel: 'KG', CFItemAssociationURI: 'https://x.example/a' });
    Object.assign(input.CFItems[1], { educationLevel: '' });
    Object.assign(input.CFAssociations[0], {
      originNodeIdentifier: 'c5fb1d5a-d1e1-11e8-a2a4-0242ac1a0003',
      CFAssociationGroupingIdentifier: grouping.identifier,
      CFAssociationGroupingURI: grouping,
    });
    const copy = structuredClone(input);
    const { body, changes } = fromCaseJson(input);
    expect(body.CFDocument.extensions).toMatchObject({
      licence: copy.CFDocument.licence,
      licenceURI: copy.CFDocument.licenceURI,
      subjectURL: copy.CFDocument.subjectURL,
      colour: copy.CFDocument.colour,
    });
    expect(body.CFItems[0]?.extensions).toEqual({
      educationalLevel: 'KG',
      CFItemAssociationURI: 'https://x.example/a',
    });
    expect(body.CFItems[1]?.extensions).toEqual({ educationLevel: '' });
    expect(body.CFItems[1]).not.toHaveProperty('educationLevel');
    expect(body.CFAssociations[0]?.extensions).toEqual({
      originNodeIdentifier: copy.CFAssociations[0].originNodeIdentifier,
      CFAssociationGroupingIdentifier: grouping.identifier,
      CFAssociationGroupingURI: grouping,
    });
    expect(withLine(changes.find((c) => c.path === 'CFItems[0].educationalLevel'))).toEqual({
      path: 'CFItems[0].educationalLevel',
      before: 'KG',
      after: 'KG',
      movedTo: 'CFItems[0].extensions.educationalLevel',
      why: 'not a CASE 1.1 member',
      change: 'moved to CFItems[0].extensions.educationalLevel (not a CASE 1.1 member)',
    });
    for (const path of [
      'CFDocument.licence',
      'CFDocument.colour',
      'CFAssociations[0].originNodeIdentifier',
    ]) {
      expect(at(changes, path)[0]).toContain('moved to');
    }
    expect(validatePackageUpload(body)).toEqual([]);
  });

  it('moves members named like those of every object (toString, constructor, __proto__) as any other', () => {
    const text = JSON.stringify(tinyExport())
      .replace('"CFItems":[{', '"CFItems":[{"toString":"x","constructor":5,"__proto__":{"a":1},')
      .replace(
        '"CFDocument":{',
        '"toString":"top","CFDefinitions":{"constructor":[{"title":"T"}]},"CFDocument":{',
      );
    const { body, changes } = fromCaseJson(text);
    const extensions = body.CFItems[0]?.extensions as Record<string, unknown>;
    expect(Object.keys(extensions)).toEqual(['toString', 'constructor', '__proto__']);
    expect(JSON.stringify(extensions)).toBe('{"toString":"x","constructor":5,"__proto__":{"a":1}}');
    expect(at(changes, 'CFItems[0].toString')).toEqual([
      'moved to CFItems[0].extensions.toString (not a CASE 1.1 member)',
    ]);
    expect(JSON.stringify(body.extensions)).toBe('{"toString":"top"}');
    expect(JSON.stringify(body.CFDefinitions?.extensions)).toBe('{"constructor":[{"title":"T"}]}');
    expect(validatePackageUpload(body)).toEqual([]);
  });

  it('reports each change as plain data, which describeChange writes as one line', () => {
    const input: Loose = tinyExport();
    input.CFItems[0].colour = 'red';
    const { changes } = fromCaseJson(input);
    const change = changes.find((c) => c.path === 'CFItems[1].lastChangeDateTime') as CaseJsonChange;
    // Plain data: what a log, a spread, a deep equality or JSON sees is the whole entry.
    expect(Object.getPrototypeOf(change)).toBe(Object.prototype);
    expect(Object.keys(change)).toEqual(['path', 'before', 'after', 'why']);
    expect(JSON.parse(JSON.stringify(change))).toEqual(change);
    expect(describeChange(change)).toBe(
      `${JSON.stringify(change.before)} -> ${JSON.stringify(change.after)} (${change.why})`,
    );
    const moved = changes.find((c) => c.movedTo !== undefined) as CaseJsonChange;
    expect(Object.keys(moved)).toEqual(['path', 'before', 'after', 'why', 'movedTo']);
    expect(describeChange(moved)).toBe(`moved to ${moved.movedTo} (${moved.why})`);
    expect(describeChange({ path: 'x', before: 'a', after: undefined, why: 'w' })).toBe('removed (w)');
    expect(describeChange({ path: 'x', before: undefined, after: 'b', why: 'w' })).toBe('"b" added (w)');
  });

  it('replaces identifiers that are not uuids by stable name-based uuids and rewrites every reference', () => {
    const asn = (code: string) => `http://purl.org/ASN/resources/${code}`;
    const input = {
      CFDocument: {
        identifier: asn('D10003FB'),
        title: 'CCSS Math',
        creator: 'NGA',
        lastChangeDateTime: '2016-09-28T21:40:01',
      },
      CFItems: [
        {
          identifier: asn('S114340D'),
          fullStatement: 'Geometry',
          lastChangeDateTime: '2016-07-28T00:14:52',
          CFItemTypeURI: { title: 'Domain', identifier: 'K.TYPE', uri: 'https://x.example/types/domain' },
        },
        {
          identifier: 'K.CC.2',
          uri: 'https://x.example/k-cc-2',
          fullStatement: 'Count forward',
          lastChangeDateTime: '2016-07-28T00:14:52',
        },
      ],
      CFAssociations: [
        {
          identifier: asn('A1'),
          associationType: 'isChildOf',
          originNodeURI: { title: 'Origin', identifier: asn('S114340D'), uri: 'https://x.example/geometry' },
          destinationNodeURI: { title: 'Destination', identifier: asn('D10003FB'), uri: asn('D10003FB') },
          lastChangeDateTime: '2016-09-02T18:02:10',
        },
        {
          identifier: '7b1e2c9a-3f4d-4a5b-8c7d-9e0f1a2b3c4d',
          associationType: 'isChildOf',
          originNodeURI: { title: 'K.CC.2', identifier: 'K.CC.2', uri: 'https://x.example/k-cc-2' },
          destinationNodeURI: { title: 'Geometry', identifier: asn('S114340D'), uri: asn('S114340D') },
          lastChangeDateTime: '2016-09-02T18:02:10',
        },
      ],
      CFDefinitions: {
        CFItemTypes: [
          {
            identifier: 'K.TYPE',
            uri: 'https://x.example/types/domain',
            title: 'Domain',
            hierarchyCode: '1',
            lastChangeDateTime: '2016-09-27T15:31:39',
          },
        ],
      },
    };
    const { body, changes } = fromCaseJson(input);
    const [geometry, count] = body.CFItems;
    // Version-5 uuids, computed independently (Python's uuid.uuid5): the URL namespace for URIs, LearnKit's
    // namespace (uuid5(URL, 'https://learnkit.dev/case/identifier')) for other text.
    expect(body.CFDocument.identifier).toBe('b821b70d-d46c-519b-b5cc-ca2260fc31f8');
    expect(geometry?.identifier).toBe('027f7520-c014-5148-ada2-320aad909a1a');
    expect(count?.identifier).toBe('64bf6d69-eedd-5f6f-9a40-1276d6e9c62f');
    // The original stays: in extensions, and in uri when there was none.
    expect(geometry?.extensions?.originalIdentifier).toBe(asn('S114340D'));
    expect(geometry?.uri).toBe(asn('S114340D'));
    expect(body.CFDocument.uri).toBe(asn('D10003FB'));
    expect(count?.uri).toBe('https://x.example/k-cc-2');
    // Every reference rewritten the same way: association ends, links and the definitions they point to.
    expect(body.CFAssociations[0]?.originNodeURI.identifier).toBe(geometry?.identifier);
    expect(body.CFAssociations[0]?.destinationNodeURI.identifier).toBe(body.CFDocument.identifier);
    expect(body.CFAssociations[1]?.originNodeURI.identifier).toBe(count?.identifier);
    expect(body.CFAssociations[1]?.destinationNodeURI.identifier).toBe(geometry?.identifier);
    expect(body.CFAssociations[0]?.identifier).toMatch(/^[0-9a-f-]{36}$/);
    expect(geometry!.CFItemTypeURI!.identifier).toBe(body.CFDefinitions!.CFItemTypes![0]!.identifier);
    expect(changes.find((c) => c.path === 'CFItems[0].identifier')).toMatchObject({
      before: asn('S114340D'),
      after: '027f7520-c014-5148-ada2-320aad909a1a',
    });
    expect(fromCaseJson(structuredClone(input)).body).toEqual(body);
    expect(validatePackageUpload(body)).toEqual([]);
  });

  it('names every repair inside an association end by its JSON path, whatever the member is called', () => {
    // The paths of an end's repairs are written without making the end's place (docs/decisions.md#d-case-end-paths):
    // they must read as formatJsonPath writes the same segments, in the report and in strict mode's issues.
    const names = ['extra', 'my key', '0', '__proto__', 'a"b', 'toString', 'sourcedId'];
    const input: Loose = tinyExport();
    const end: Loose = JSON.parse(
      `{${names.map((name) => `${JSON.stringify(name)}: 1`).join(', ')}, "title": 7, "uri": "relative"}`,
    );
    end.sourcedId = 'http://purl.org/ASN/resources/S1';
    input.CFAssociations[0].originNodeURI = end;
    const expected = [...names, 'title', 'uri'].map((member) =>
      formatJsonPath(['CFAssociations', 0, 'originNodeURI', member]),
    );
    const paths = fromCaseJson(structuredClone(input)).changes.map((change) => change.path);
    expect(paths).toEqual(expect.arrayContaining(expected));
    expect(paths).toContain('CFAssociations[0].originNodeURI.identifier');
    const strict = refusal(structuredClone(input), { strict: true }).issues.map((issue) =>
      formatJsonPath(issue.path),
    );
    expect(strict).toEqual(
      expect.arrayContaining([...expected, 'CFAssociations[0].originNodeURI.identifier']),
    );
    // And where a member moved to extensions went, whatever its name.
    const item: Loose = tinyExport();
    for (const name of names) Object.defineProperty(item.CFItems[0], name, { value: 1, enumerable: true });
    const moves = fromCaseJson(item).changes.filter((change) => change.movedTo !== undefined);
    // Every one moves (a sourcedId that differs from the identifier too), in the order objects list keys.
    expect(moves.map((change) => change.movedTo).sort()).toEqual(
      names.map((name) => formatJsonPath(['CFItems', 0, 'extensions', name])).sort(),
    );
  });

  it('makes arrays of lists written as objects keyed by id', () => {
    const input = tinyExport() as Loose;
    const [first, second] = input.CFItems;
    const { identifier: secondId, ...secondWithoutId } = second;
    input.CFItems = { CFItems: { [first.identifier]: first, [secondId]: secondWithoutId } };
    input.CFAssociations = { [input.CFAssociations[0].identifier]: input.CFAssociations[0] };
    const { body, changes } = fromCaseJson(input);
    const expected = fromCaseJson(tinyExport()).body;
    expect(body).toEqual(expected);
    expect(at(changes, 'CFItems')[0]).toContain(
      'a list written as an object keyed by identifier: made an array',
    );
    expect(at(changes, 'CFAssociations')[0]).toContain('made an array');
    expect(at(changes, `CFItems.CFItems["${secondId}"].identifier`)[0]).toContain('taken from the key');
  });

  it('writes zoned RFC 3339 timestamps: +00:00 as Z, placeholders as the document time, else the import time', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-02-03T04:05:06.789Z'));
    const input = tinyExport() as Loose;
    input.CFItems[0].lastChangeDateTime = 'YYYY-MM-DD hh:mm:ss';
    delete input.CFItems[1].lastChangeDateTime;
    input.CFAssociations[0].lastChangeDateTime = '2019-03-20T14:22:31-0000';
    const { body, changes } = fromCaseJson(input);
    expect(body.CFDocument.lastChangeDateTime).toBe('2019-03-20T14:22:31Z');
    expect(body.CFItems[0]?.lastChangeDateTime).toBe('2019-03-20T14:22:31Z');
    expect(body.CFItems[1]?.lastChangeDateTime).toBe('2019-03-20T14:22:31Z');
    expect(body.CFAssociations[0]?.lastChangeDateTime).toBe('2019-03-20T14:22:31Z');
    expect(changes.find((c) => c.path === 'CFItems[0].lastChangeDateTime')).toMatchObject({
      before: 'YYYY-MM-DD hh:mm:ss',
      after: '2019-03-20T14:22:31Z',
    });
    expect(at(changes, 'CFItems[0].lastChangeDateTime')[0]).toContain("the document's lastChangeDateTime");

    input.CFDocument.lastChangeDateTime = 'YYYY-MM-DD hh:mm:ss';
    const placeholders = fromCaseJson(input);
    expect(placeholders.body.CFDocument.lastChangeDateTime).toBe('2025-02-03T04:05:06Z');
    expect(placeholders.body.CFItems[0]?.lastChangeDateTime).toBe('2025-02-03T04:05:06Z');
    expect(at(placeholders.changes, 'CFDocument.lastChangeDateTime')[0]).toContain('the time of import');
  });

  it('takes only real days and times as dates: 2019-02-30 and 24:00 are not', () => {
    const input = tinyExport() as Loose;
    input.CFItems[1].statusStartDate = '2019-02-30';
    input.CFItems[1].statusEndDate = '2020-02-29';
    input.CFAssociations[0].lastChangeDateTime = '2019-01-01T24:00:00Z';
    const { body } = fromCaseJson(input);
    expect(body.CFItems[1]?.extensions?.statusStartDate).toBe('2019-02-30');
    expect(body.CFItems[1]?.statusStartDate).toBeUndefined();
    expect(body.CFItems[1]?.statusEndDate).toBe('2020-02-29');
    expect(body.CFAssociations[0]?.lastChangeDateTime).toBe(body.CFDocument.lastChangeDateTime);
  });

  it('takes link members as strings or as { title, identifier, uri } objects', () => {
    const input = tinyExport() as Loose;
    input.CFDocument.licenseURI = 'https://creativecommons.org/licenses/by/4.0/';
    input.CFItems[1].CFItemTypeURI = 'https://case.example.org/uri/t1';
    input.CFItems[1].licenseURI = {
      title: 'CC BY',
      identifier: 'cc-by',
      uri: 'https://creativecommons.org/licenses/by/4.0/',
    };
    input.CFAssociations[0].destinationNodeURI = input.CFItems[1].uri;
    const { body, changes } = fromCaseJson(input);
    expect(body.CFDocument.licenseUri).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(body.CFItems[1]?.CFItemTypeURI).toEqual({
      identifier: expect.stringMatching(/^[0-9a-f-]{36}$/),
      uri: 'https://case.example.org/uri/t1',
      title: 'Standard',
    });
    expect(body.CFItems[1]?.licenseURI).toMatchObject({
      title: 'CC BY',
      uri: 'https://creativecommons.org/licenses/by/4.0/',
    });
    expect(body.CFAssociations[0]?.destinationNodeURI).toEqual({
      title: input.CFItems[1].fullStatement,
      identifier: input.CFItems[1].identifier,
      uri: input.CFItems[1].uri,
    });
    expect(at(changes, 'CFItems[1].CFItemTypeURI')[0]).toContain('a link given as its URI');
    expect(at(changes, 'CFAssociations[0].destinationNodeURI')[0]).toContain('given as a string');
    expect(validatePackageUpload(body)).toEqual([]);
  });

  it('normalises CFDefinitions entries so that they validate against the IMS CASE 1.1 schema', () => {
    const input = tinyExport() as Loose;
    input.CFDefinitions = {
      CFItemTypes: [
        {
          identifier: '89d67580-f024-5f77-abd7-acfaef39b204',
          uri: 'https://x.example/t',
          title: 'Domain',
          description: null,
          hierarchyCode: '1',
          typeCode: 'Domain',
          lastChangeDateTime: '2016-09-27T15:31:39',
        },
      ],
      CFSubjects: [
        {
          title: 'Math',
          identifier: 'eb8ae273-6667-52ec-a73f-3d8a631bde9f',
          uri: 'https://x.example/s',
          hierarchyCode: '1',
          colour: 'red',
        },
      ],
      CFLicenses: null,
    };
    expect(imsDefinitionsErrors(input.CFDefinitions)).not.toEqual([]);
    const { body, changes } = fromCaseJson(input);
    expect(imsDefinitionsErrors(body.CFDefinitions)).toEqual([]);
    expect(body.CFDefinitions?.CFItemTypes?.[0]).toMatchObject({
      description: 'Domain',
      lastChangeDateTime: '2016-09-27T15:31:39Z',
    });
    expect(body.CFDefinitions?.CFSubjects?.[0]).toMatchObject({
      lastChangeDateTime: '2019-03-20T14:22:31Z',
      extensions: { colour: 'red' },
    });
    expect(body.CFDefinitions).not.toHaveProperty('CFLicenses');
    expect(at(changes, 'CFDefinitions.CFItemTypes[0].description')).toEqual([
      'removed (null means absent)',
      '"Domain" added (required by CASE 1.1: the title)',
    ]);
  });

  it('drops empty strings from string lists and never writes an empty item type', () => {
    const input = tinyExport() as Loose;
    input.CFItems[0].conceptKeywords = ['fractions', '', 'ratios'];
    input.CFItems[0].subject = [''];
    input.CFItems[1].cfItemType = '';
    const { body, changes } = fromCaseJson(input);
    expect(body.CFItems[0]?.conceptKeywords).toEqual(['fractions', 'ratios']);
    expect(body.CFItems[0]?.subject).toEqual([]);
    expect(body.CFItems[1]).not.toHaveProperty('cfItemType');
    expect(body.CFItems[1]).not.toHaveProperty('CFItemType');
    expect(at(changes, 'CFItems[0].conceptKeywords[1]')).toEqual(['removed (an empty entry)']);
    expect(at(changes, 'CFItems[1].cfItemType')).toEqual(['removed (an empty item type is no type)']);
  });

  it('raises no issue for association ends outside the package', () => {
    const input = tinyExport() as Loose;
    input.CFAssociations[0].associationType = 'exactMatchOf';
    input.CFAssociations[0].destinationNodeURI = {
      title: 'Elsewhere',
      identifier: '5b6c487e-04f1-5ba9-9722-d099849b9167',
      uri: 'https://other.example/uri/5b6c487e-04f1-5ba9-9722-d099849b9167',
    };
    const { body, changes } = fromCaseJson(input);
    expect(body.CFAssociations[0]?.destinationNodeURI).toEqual(input.CFAssociations[0].destinationNodeURI);
    expect(changes.filter((c) => c.path.startsWith('CFAssociations[0].destinationNodeURI'))).toEqual([]);
  });

  it('refuses only what no repair can save, naming every JSON path at once', () => {
    const input = tinyExport() as Loose;
    delete input.CFItems[0].identifier;
    delete input.CFItems[0].uri;
    delete input.CFItems[1].fullStatement;
    delete input.CFDocument.title;
    delete input.CFAssociations[0].associationType;
    const error = refusal(input);
    expect(error.issues.map((i) => i.path.join('/'))).toEqual(
      expect.arrayContaining([
        'CFItems/0/identifier',
        'CFItems/1/fullStatement',
        'CFDocument/title',
        'CFAssociations/0/associationType',
      ]),
    );
    expect(error.message).toContain('CFItems[0].identifier: is required');
    expect(refusal({ CFItems: [], CFAssociations: [] }).message).toContain('CFDocument: is required');
    const noIdentity = tinyExport() as Loose;
    delete noIdentity.CFDocument.identifier;
    delete noIdentity.CFDocument.uri;
    expect(refusal(noIdentity).message).toContain('CFDocument.identifier: is required');
  });

  it('repairs what it used to refuse: conflicting ids, unknown members, CASE 1.0 versions, unparseable dates', () => {
    const input = tinyExport() as Loose;
    input.CFItems[0].sourcedId = '00000000-0000-0000-0000-000000000009';
    input.CFDocument.caseVersion = '1.0';
    input.CFItems[1].statusEndDate = 'someday';
    input.CFAssociations[0].originNodeURI = { identifier: '99999999-9999-4999-8999-999999999999' };
    const { body } = fromCaseJson(input);
    expect(body.CFItems[0]?.identifier).toBe(input.CFItems[0].identifier);
    expect(body.CFItems[0]?.extensions?.sourcedId).toBe('00000000-0000-0000-0000-000000000009');
    expect(body.CFDocument.extensions?.caseVersion).toBe('1.0');
    expect(body.CFItems[1]?.extensions?.statusEndDate).toBe('someday');
    expect(body.CFAssociations[0]?.originNodeURI).toEqual({
      title: '99999999-9999-4999-8999-999999999999',
      identifier: '99999999-9999-4999-8999-999999999999',
      uri: 'urn:uuid:99999999-9999-4999-8999-999999999999',
    });
    expect(validatePackageUpload(body)).toEqual([]);
  });

  it('{ strict: true } refuses every repair instead, naming each path, and takes an exact package as it is', () => {
    const input = tinyExport() as Loose;
    input.CFItems[0].educationalLevel = 'KG';
    const error = refusal(input, { strict: true });
    const paths = error.issues.map((i) => i.path.join('/'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'CFItems/0/educationalLevel',
        'CFDocument/CFPackageURI',
        'CFItems/1/lastChangeDateTime',
      ]),
    );
    expect(error.message).toContain('{ strict: true }');
    expect(error.message).toContain(
      'CFItems[0].educationalLevel: not a CASE 1.1 member (the repair would be: moved to CFItems[0].extensions.educationalLevel)',
    );
    const exact = smallFramework(5, 12);
    expect(fromCaseJson(exact, { strict: true })).toEqual({ body: exact, changes: [] });
  });

  it('refuses options it does not know, non-objects and text that is not JSON', () => {
    expect(refusal(tinyExport(), { strcit: true } as never).message).toContain(
      'options.strcit: is not an option',
    );
    expect(refusal('{not json').message).toContain('not JSON');
    expect(refusal([]).message).toContain('must be an object');
    expect(
      refusal({ CFDocument: tinyExport().CFDocument, CFItems: 'x', CFAssociations: [] }).message,
    ).toContain('CFItems: must be an array');
  });

  it('maps sourcedId to identifier (a fetched package, wrapped or not) and accepts JSON text', () => {
    const doc = {
      sourcedId: '11111111-1111-4111-8111-111111111111',
      title: 'Fetched',
      uri: 'https://api.example.com/d/1',
    };
    const fetched = {
      CFPackage: {
        sourcedId: doc.sourcedId,
        CFDocument: {
          ...doc,
          creator: 'Someone',
          lastChangeDateTime: '2024-01-01T00:00:00Z',
          frameworkType: null,
          CFPackageURI: doc,
        },
        CFItems: [
          {
            sourcedId: '22222222-2222-4222-8222-222222222222',
            fullStatement: 'One',
            CFItemType: 'Standard',
            uri: 'https://api.example.com/i/2',
            lastChangeDateTime: '2024-01-01T00:00:00Z',
            licenseURI: {
              sourcedId: '33333333-3333-4333-8333-333333333333',
              title: 'L',
              uri: 'https://l.example',
            },
            CFDocumentURI: doc,
          },
        ],
        CFAssociations: [
          {
            sourcedId: '44444444-4444-4444-8444-444444444444',
            associationType: 'isChildOf',
            sequenceNumber: 1,
            uri: 'https://api.example.com/a/4',
            originNodeURI: {
              sourcedId: '22222222-2222-4222-8222-222222222222',
              title: 'One',
              uri: 'https://api.example.com/i/2',
            },
            destinationNodeURI: doc,
            lastChangeDateTime: '2024-01-01T00:00:00Z',
          },
        ],
      },
    };
    const { body, changes } = fromCaseJson(JSON.stringify(fetched));
    expect(body.CFDocument.identifier).toBe(doc.sourcedId);
    expect(body.CFItems[0]?.identifier).toBe('22222222-2222-4222-8222-222222222222');
    expect(body.CFItems[0]?.licenseURI).toEqual({
      identifier: '33333333-3333-4333-8333-333333333333',
      title: 'L',
      uri: 'https://l.example',
    });
    expect(body.CFAssociations[0]?.destinationNodeURI).toEqual({
      title: 'Fetched',
      identifier: doc.sourcedId,
      uri: doc.uri,
    });
    expect(changes.map((c) => c.path)).toEqual(
      expect.arrayContaining([
        'CFPackage',
        'sourcedId',
        'CFDocument.sourcedId',
        'CFItems[0].sourcedId',
        'CFDocument.frameworkType',
      ]),
    );
  });

  it('keeps ids in the case they were given (docs/decisions.md#d-case-identifiers) and accepts all-zero ids', () => {
    const input = tinyExport();
    input.CFItems[1]!.identifier = '00000000-0000-0000-0000-00000000000A';
    const { body } = fromCaseJson(input);
    expect(body.CFItems[1]?.identifier).toBe('00000000-0000-0000-0000-00000000000A');
  });

  it('property: what converts is a valid upload body, whatever the file held (docs/decisions.md#d-case-valid-by-construction)', () => {
    // fromCaseJson no longer runs the upload schema over its own result: the rules make it valid. This holds them
    // to it on files wrong in every way a member can be, and counts the conversions so the property is not empty.
    let converted = 0;
    fc.assert(
      fc.property(messyCasePackage(), (pkg) => {
        let body: unknown;
        try {
          body = fromCaseJson(pkg).body;
        } catch (error) {
          if (error instanceof ValidationError) return;
          throw error;
        }
        converted++;
        expect(validatePackageUpload(body)).toEqual([]);
        expect(fromCaseJson(body).changes).toEqual([]);
      }),
      { numRuns: 1000 },
    );
    expect(converted).toBeGreaterThan(250);
  });

  it('property: converting twice changes nothing the second time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 3, max: 60 }), (seed, items) => {
        const first = fromCaseJson(publisherExport(smallFramework(seed, items)));
        const again = fromCaseJson(first.body);
        expect(again.changes).toEqual([]);
        expect(again.body).toEqual(first.body);
      }),
      { numRuns: 40 },
    );
  });

  it('property: a zone-less timestamp gets Z and keeps its instant read as UTC', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom('T', ' '),
        (date, separator) => {
          const local = date.toISOString().slice(0, 19).replace('T', separator);
          const input = tinyExport();
          input.CFItems[0]!.lastChangeDateTime = local;
          const { body } = fromCaseJson(input);
          const out = body.CFItems[0]!.lastChangeDateTime;
          expect(out).toBe(`${local.replace(' ', 'T')}Z`);
          expect(Date.parse(out)).toBe(Math.floor(date.getTime() / 1000) * 1000);
        },
      ),
    );
  });
});
