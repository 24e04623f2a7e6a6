import { ValidationError } from '@learnkit/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CFPackage, fromCaseJson, toCaseJson } from '../src/index';
import { casePackage } from './arbitraries';
import { smallFramework } from './fixtures';
import { useCaseMock } from './harness';
import { imsPackageErrors } from './ims-schema';

describe('toCaseJson', () => {
  const ctx = useCaseMock('msw');

  it('writes a package read from the platform as IMS CASE 1.1 JSON that the IMS schema accepts', async () => {
    const client = ctx.client();
    const body = smallFramework(41, 30);
    body.CFDocument.extensions = { frameworkType: 'Standards' };
    body.CFDocument.licenseUri = 'https://creativecommons.org/licenses/by/4.0/';
    delete body.CFItems[2]!.CFItemType;
    await client.packages.upload(body);
    const readBack = await client.packages.get(body.CFDocument.identifier);
    expect(readBack.CFItems?.[2]?.CFItemType).toBe('');
    const json = toCaseJson(readBack);
    expect(imsPackageErrors(json)).toEqual([]);
    expect(json.CFDocument).not.toHaveProperty('CFPackageURI');
    expect(json.CFDocument.frameworkType).toBe('Standards');
    expect(json.CFDocument).not.toHaveProperty('extensions');
    expect(json.CFDocument.licenseURI?.uri).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(json.CFDocument.identifier).toBe(body.CFDocument.identifier);
    expect(json.CFItems.every((item) => !('CFDocumentURI' in item) && !('sourcedId' in item))).toBe(true);
    // An item without a type stays without one (the platform returns '').
    expect(json.CFItems[2]).not.toHaveProperty('CFItemType');
    // The IMS schema requires a description of every item type; the platform's data may lack it.
    const platformTypes = readBack.CFDefinitions?.CFItemTypes as { title: string }[];
    expect(json.CFDefinitions?.CFItemTypes?.map((t) => t.description)).toEqual(
      platformTypes.map((t) => (t as { description?: string }).description ?? t.title),
    );
  });

  it('fills what the IMS schema requires and the data lacks: definitions, timestamps, creator', () => {
    const readBack = {
      sourcedId: '11111111-1111-4111-8111-111111111111',
      CFDocument: {
        sourcedId: '11111111-1111-4111-8111-111111111111',
        title: 'Sparse',
        uri: 'https://api.example.com/d/1',
        lastChangeDateTime: '2024-05-06T07:08:09Z',
        publisher: 'Publisher Inc.',
        notes: null,
        CFPackageURI: {
          sourcedId: '11111111-1111-4111-8111-111111111111',
          title: 'Sparse',
          uri: 'https://p',
        },
      },
      CFItems: [
        {
          sourcedId: '22222222-2222-4222-8222-222222222222',
          fullStatement: 'One',
          CFItemType: 'Standard',
          uri: 'https://api.example.com/i/2',
          lastChangeDateTime: 'not a time',
        },
      ],
      CFAssociations: [],
      CFDefinitions: {
        CFItemTypes: [
          { identifier: '33333333-3333-4333-8333-333333333333', uri: 'https://t', title: 'Standard' },
        ],
        CFLicenses: [
          { identifier: '44444444-4444-4444-8444-444444444444', uri: 'https://l', title: 'CC BY' },
        ],
      },
    } as unknown as CFPackage;
    const json = toCaseJson({ CFPackage: readBack });
    expect(imsPackageErrors(json)).toEqual([]);
    expect(json.CFDocument.creator).toBe('Publisher Inc.');
    expect(json.CFDocument).not.toHaveProperty('notes');
    expect(json.CFItems[0]?.lastChangeDateTime).toBe('2024-05-06T07:08:09Z');
    expect(json.CFDefinitions?.CFItemTypes?.[0]).toMatchObject({
      description: 'Standard',
      hierarchyCode: '1',
      lastChangeDateTime: '2024-05-06T07:08:09Z',
    });
    expect(json.CFDefinitions?.CFLicenses?.[0]).toMatchObject({ licenseText: 'https://l' });
  });

  it('refuses what is not a package, before writing anything', () => {
    expect(() => toCaseJson({} as CFPackage)).toThrow(ValidationError);
    expect(() => toCaseJson({} as CFPackage)).toThrow('CFDocument: is required');
  });

  it('property: any CASE package round-trips: fromCaseJson, upload, read back, toCaseJson, fromCaseJson', async () => {
    await fc.assert(
      fc.asyncProperty(casePackage({ carried: true }), async (pkg) => {
        expect(imsPackageErrors(pkg)).toEqual([]);
        const { body, changes } = fromCaseJson(pkg);
        // CASE 1.1 members the upload shape spells otherwise are carried, not repaired.
        expect(changes).toEqual([]);
        await ctx.client().packages.upload(body);
        const readBack = await ctx.client().packages.get(body.CFDocument.identifier);
        const exported = toCaseJson(readBack);
        expect(imsPackageErrors(exported)).toEqual([]);
        const again = fromCaseJson(exported);
        expect(again.changes).toEqual([]);
        expect(again.body).toEqual(body);
      }),
      { numRuns: 40 },
    );
  });
});
