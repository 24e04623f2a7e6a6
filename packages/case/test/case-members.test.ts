import { describe, expect, it } from 'vitest';
import { ASSOCIATION, DOCUMENT, ITEM, type ObjectRules, type Rule } from '../src/convert/case-members';
import { caseSchemas } from '../src/generated/json-schemas';

// fromCaseJson does not run the upload schema over its result (docs/decisions.md#d-case-valid-by-construction):
// the rules are what make it valid. These hold the rules to openapi/case.yaml's upload shape, both ways.

type Schema = { type?: string; $ref?: string; items?: Schema; properties?: Record<string, Schema> };

const upload = (name: string): Record<string, Schema> =>
  (caseSchemas[name] as { properties: Record<string, Schema> }).properties;

/** What each rule writes, as the schema of the member it writes. */
const WRITES: Record<Rule, (schema: Schema) => boolean> = {
  text: (s) => s.type === 'string',
  itemType: (s) => s.type === 'string',
  uri: (s) => s.type === 'string',
  url: (s) => s.type === 'string',
  dateTime: (s) => s.type === 'string',
  date: (s) => s.type === 'string',
  caseVersion: (s) => s.type === 'string',
  strings: (s) => s.type === 'array' && s.items?.type === 'string',
  integer: (s) => s.type === 'number' || s.type === 'integer',
  link: (s) => s.$ref === '#/$defs/CFPackageLinkRef',
  node: (s) => s.$ref === '#/$defs/CFPackageNodeRef',
  licence: (s) => s.type === 'string',
};

describe.each([
  ['the document', DOCUMENT, 'CFPackageUploadDocument'],
  ['an item', ITEM, 'CFPackageUploadItem'],
  ['an association', ASSOCIATION, 'CFPackageUploadAssociation'],
] as [string, ObjectRules, string][])('the conversion rules of %s', (_, rules, name) => {
  const properties = upload(name);

  it('write only members of the upload shape, each of the type the shape gives it', () => {
    const wrong = Object.entries(rules.members).flatMap(([member, rule]) => {
      // The document's licence is written as the shape's `licenseUri`, whichever spelling the file used.
      const written = rule === 'licence' ? 'licenseUri' : member;
      const schema = properties[written];
      return schema && WRITES[rule](schema) ? [] : [`${member} (${rule}) -> ${JSON.stringify(schema)}`];
    });
    expect(wrong).toEqual([]);
  });

  it('have a rule for every member of the upload shape, so none is moved to extensions', () => {
    const ruled = new Set(['identifier', 'extensions', ...Object.keys(rules.members)]);
    expect(Object.keys(properties).filter((member) => !ruled.has(member))).toEqual([]);
  });

  it('carry and drop only members the upload shape lacks', () => {
    const both = [...rules.carried, ...Object.keys(rules.derived)].filter((m) => m in properties);
    expect(both).toEqual([]);
  });
});

it('association ends are { title, identifier, uri }, all required, as node() writes them; links have the same members', () => {
  const ref = (name: string) => caseSchemas[name] as { properties: object; required?: string[] };
  expect(ref('CFPackageNodeRef').required?.sort()).toEqual(['identifier', 'title', 'uri']);
  for (const name of ['CFPackageNodeRef', 'CFPackageLinkRef'])
    expect(Object.keys(ref(name).properties).sort()).toEqual(['identifier', 'title', 'uri']);
});
