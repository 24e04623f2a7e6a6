import { ValidationError } from '@learnkit/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromCaseJson, validatePackageUpload } from '../src/index';
import { publisherExport, smallFramework } from './fixtures';

const refusal = (input: unknown): ValidationError => {
  try {
    fromCaseJson(input);
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

describe('fromCaseJson', () => {
  it('leaves a valid upload body as it is, with no changes', () => {
    const body = smallFramework(31, 60);
    const result = fromCaseJson(body);
    expect(result.changes).toEqual([]);
    expect(result.body).toEqual(body);
  });

  it('normalises a publisher export and reports every change; the input is not modified', () => {
    const input = publisherExport(smallFramework(32, 10));
    const copy = structuredClone(input);
    const { body, changes } = fromCaseJson(input);
    expect(input).toEqual(copy);
    expect(validatePackageUpload(body)).toEqual([]);
    const at = (path: string) => changes.filter((c) => c.path === path).map((c) => c.change);
    expect(at('CFDocument.CFPackageURI')).toEqual(['dropped (the platform derives it from the package)']);
    expect(at('CFDocument.frameworkType')[0]).toContain('moved to extensions.frameworkType');
    expect(at('CFDocument.licenseURI')[0]).toContain('licenseUri');
    expect(at('CFDocument.subjectURI')[0]).toContain('dropped');
    expect(at('CFDocument.notes')).toEqual(['null removed']);
    expect(at('CFItems[3].CFDocumentURI')[0]).toContain('dropped');
    expect(at('CFItems[3].lastChangeDateTime')[0]).toContain('Z (UTC) added');
    expect(at('CFAssociations[0].lastChangeDateTime')[0]).toContain('Z (UTC) added');
    expect(body.CFDocument.extensions).toEqual({ frameworkType: 'Standards' });
    expect(body.CFDocument.licenseUri).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(body.CFItems.every((i) => i.lastChangeDateTime.endsWith('Z'))).toBe(true);
    expect(body.CFItems.every((i) => !('CFDocumentURI' in i) && !('alternativeLabel' in i))).toBe(true);
    expect('CFPackageURI' in body.CFDocument).toBe(false);
  });

  it('normalises timestamps, dates, numbers, lists, item types and association ends', () => {
    const { body, changes } = fromCaseJson(tinyExport());
    const [first, second] = body.CFItems;
    expect(body.CFDocument.lastChangeDateTime).toBe('2019-03-20T14:22:31+00:00');
    expect(first?.lastChangeDateTime).toBe('2019-03-20T14:22:31Z');
    expect(first?.statusStartDate).toBe('2019-03-20');
    expect(first?.listEnumeration).toBe('1');
    expect(first?.educationLevel).toEqual(['KG', '01']);
    expect(first?.CFItemType).toBe('Standard');
    expect(second?.lastChangeDateTime).toBe('2019-03-20T00:00:00Z');
    expect(second?.cfItemType).toBe('Standard');
    expect(second?.CFItemType).toBeUndefined();
    const association = body.CFAssociations[0];
    expect(association?.lastChangeDateTime).toBe('2019-03-20T14:22:31+00:00');
    expect(association?.sequenceNumber).toBe(1);
    expect(association?.originNodeURI).toEqual({
      title: 'Count to 100 by ones and by tens.',
      identifier: 'c5fb1d5a-d1e1-11e8-a2a4-0242ac1a0003',
      uri: 'https://case.example.org/uri/c5fb1d5a-d1e1-11e8-a2a4-0242ac1a0003',
    });
    expect(Object.keys(association?.destinationNodeURI ?? {}).sort()).toEqual(['identifier', 'title', 'uri']);
    const paths = changes.map((c) => c.path);
    expect(paths).toContain('CFAssociations[0].originNodeURI.title');
    expect(paths).toContain('CFAssociations[0].destinationNodeURI.targetType');
    expect(paths).toContain('CFAssociations[0].CFAssociationGroupingURI');
    expect(paths).toContain('CFItems[0].CFItemType');
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

  it('refuses what it cannot normalise safely, naming every path at once', () => {
    const input = tinyExport() as Record<string, unknown> & ReturnType<typeof tinyExport>;
    const items = input.CFItems as Record<string, unknown>[];
    delete items[0]!.identifier;
    items[1]!.identifier = 'K.CC.2';
    (input.CFDocument as Record<string, unknown>).caseVersion = '1.0';
    (input.CFDocument as Record<string, unknown>).colour = 'blue';
    input.CFAssociations[0]!.lastChangeDateTime = 'yesterday';
    input.CFAssociations[0]!.originNodeURI = { identifier: '99999999-9999-4999-8999-999999999999' } as never;
    const error = refusal(input);
    const paths = error.issues.map((i) => i.path.join('/'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'CFItems/0/identifier',
        'CFItems/1/identifier',
        'CFDocument/caseVersion',
        'CFDocument/colour',
        'CFAssociations/0/lastChangeDateTime',
        'CFAssociations/0/originNodeURI/title',
        'CFAssociations/0/originNodeURI/uri',
      ]),
    );
    expect(error.message).toContain('CFItems[1].identifier: not a uuid');
    expect(error.message).toContain('CFItems[0].identifier: is required');
  });

  it('refuses conflicting ids, non-objects and text that is not JSON', () => {
    const input = tinyExport() as Record<string, unknown> & ReturnType<typeof tinyExport>;
    (input.CFItems[0] as Record<string, unknown>).sourcedId = '00000000-0000-0000-0000-000000000009';
    expect(refusal(input).message).toContain('CFItems[0].sourcedId: differs from identifier');
    expect(refusal('{not json').message).toContain('not JSON');
    expect(refusal([]).message).toContain('must be an object');
    expect(
      refusal({ CFDocument: tinyExport().CFDocument, CFItems: 'x', CFAssociations: [] }).message,
    ).toContain('CFItems: must be an array');
  });

  it('keeps ids in the case they were given (DESIGN decision 12) and accepts all-zero ids', () => {
    const input = tinyExport();
    input.CFItems[1]!.identifier = '00000000-0000-0000-0000-00000000000A';
    const { body } = fromCaseJson(input);
    expect(body.CFItems[1]?.identifier).toBe('00000000-0000-0000-0000-00000000000A');
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
