import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildTree, type CFPackageUpload, fromCaseJson, toCaseJson } from '../src/index';
import { withLine } from './fixtures';
import { useCaseMock } from './harness';
import { imsDefinitionsErrors, imsPackageErrors } from './ims-schema';

/** Parsed JSON of a real file, read as it comes. */
// biome-ignore lint/suspicious/noExplicitAny: publishers' files are untyped JSON.
type Loose = any;

/** A real CASE export from test/fixtures/case-real (see its SOURCES.md), as text and parsed. */
function realFile(name: string): { text: string; json: Loose } {
  const text = readFileSync(new URL(`./fixtures/case-real/${name}`, import.meta.url), 'utf8');
  return { text, json: JSON.parse(text) };
}

const FILES = [
  { file: 'act-holistic-math-opensalt.json', items: 28, associations: 28 },
  { file: 'opensalt-markdown.json', items: 2, associations: 2 },
  { file: 'opensalt-sample-framework.json', items: 16, associations: 39 },
  { file: 'common-core-math-asn.json', items: 703, associations: 703 },
];

describe('real CASE exports', () => {
  const ctx = useCaseMock('msw');

  it.each(FILES)('$file converts, uploads, reads back equal and exports valid CASE 1.1', async (real) => {
    const { text } = realFile(real.file);
    const { body } = fromCaseJson(text);
    expect(body.CFItems).toHaveLength(real.items);
    expect(body.CFAssociations).toHaveLength(real.associations);
    expect(imsDefinitionsErrors(body.CFDefinitions ?? {})).toEqual([]);

    const client = ctx.client();
    const upload = await client.packages.upload(body);
    expect(upload.result?.stats).toEqual({
      documents: 1,
      items: real.items,
      associations: real.associations,
    });
    const readBack = await client.packages.get(body.CFDocument.identifier);
    const exported = toCaseJson(readBack);
    expect(imsPackageErrors(exported)).toEqual([]);
    const again = fromCaseJson(exported);
    expect(again.changes).toEqual([]);
    expect(again.body).toEqual(body);
  });

  it("OpenSALT's sample export: members outside CASE 1.1 move to extensions, value unchanged, each reported", () => {
    const { text, json } = realFile('opensalt-sample-framework.json');
    const { body, changes } = fromCaseJson(text);
    const moved = (path: string) => changes.find((c) => c.path === path);
    json.CFItems.forEach((src: Record<string, unknown>, i: number) => {
      const item = body.CFItems[i]!;
      expect(item.extensions?.educationalLevel).toBe(src.educationalLevel);
      expect(item.extensions?.CFItemAssociationURI).toBe(src.CFItemAssociationURI);
      expect(item).not.toHaveProperty('educationalLevel');
      expect(moved(`CFItems[${i}].educationalLevel`)).toMatchObject({
        before: src.educationalLevel,
        after: src.educationalLevel,
        movedTo: `CFItems[${i}].extensions.educationalLevel`,
        why: 'not a CASE 1.1 member',
      });
      expect(item.lastChangeDateTime).toBe(`${src.lastChangeDateTime}Z`);
    });
    // 21 associations end outside the package (exactMatchOf other frameworks): normal, kept as written.
    const ids = new Set([body.CFDocument.identifier, ...body.CFItems.map((i) => i.identifier)]);
    const outside = body.CFAssociations.filter((a) => !ids.has(a.destinationNodeURI.identifier));
    expect(outside).toHaveLength(21);
    outside.forEach((a) => {
      const src = json.CFAssociations[body.CFAssociations.indexOf(a)];
      expect(a.destinationNodeURI).toEqual(src.destinationNodeURI);
    });
  });

  it('the Common Core export with ASN-URI identifiers: stable name-based uuids, every reference rewritten', () => {
    const { text, json } = realFile('common-core-math-asn.json');
    const first = fromCaseJson(text);
    const { body } = first;
    // The RFC 9562 version-5 uuid of the ASN URI in the URL namespace (computed independently, with Python).
    expect(json.CFItems[5].identifier).toBe('http://purl.org/ASN/resources/S114340D');
    expect(body.CFItems[5]?.identifier).toBe('027f7520-c014-5148-ada2-320aad909a1a');
    expect(body.CFDocument.identifier).toBe('b821b70d-d46c-519b-b5cc-ca2260fc31f8');
    expect(body.CFItems[5]?.extensions?.originalIdentifier).toBe('http://purl.org/ASN/resources/S114340D');
    expect(body.CFDocument.extensions?.originalIdentifier).toBe('http://purl.org/ASN/resources/D10003FB');
    // The same file always gives the same ids.
    expect(fromCaseJson(text).body).toEqual(body);
    // Every association end names a node of the package, so the hierarchy is whole.
    const tree = buildTree(body);
    expect(tree.problems).toEqual([]);
    expect(tree.orphans).toEqual([]);
    const byOriginal = new Map(body.CFItems.map((i) => [i.extensions?.originalIdentifier, i.identifier]));
    body.CFAssociations.forEach((a, i) => {
      expect(a.originNodeURI.identifier).toBe(
        byOriginal.get(json.CFAssociations[i].originNodeURI.identifier),
      );
      expect(a.extensions?.originNodeIdentifier).toBe(json.CFAssociations[i].originNodeIdentifier);
    });
    expect(body.CFDocument.subject).toEqual(['Math']);
    expect(body.CFDocument.extensions?.subjectURL).toEqual(json.CFDocument.subjectURL);
  });

  it('the report lists every change with its path, the value before and after, and why', () => {
    const { body, changes } = fromCaseJson(realFile('act-holistic-math-opensalt.json').text);
    expect(withLine(changes.find((c) => c.path === 'CFItems[0].lastChangeDateTime'))).toEqual({
      path: 'CFItems[0].lastChangeDateTime',
      before: '2017-10-18T15:02:46+00:00',
      after: '2017-10-18T15:02:46Z',
      why: 'UTC written as Z (was +00:00)',
      change: '"2017-10-18T15:02:46+00:00" -> "2017-10-18T15:02:46Z" (UTC written as Z (was +00:00))',
    });
    expect(changes.find((c) => c.path === 'CFDocument.CFPackageURI')).toMatchObject({
      after: undefined,
      why: 'the platform derives it from the package',
    });
    expect((body as CFPackageUpload).CFDocument).not.toHaveProperty('CFPackageURI');
  });
});
