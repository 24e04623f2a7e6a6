// The named models of @learnkit/case are the types openapi-fetch gives for the same schemas, so a method's
// result and body stay assignable to and from `components['schemas'][...]` (docs/decisions.md#d-generated-model-interfaces).
// The type checks run when `tsc` checks this file (`pnpm typecheck`); the run checks the table is complete.
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CaseSchemas as Schemas } from '../src/index';
import type * as Models from '../src/types';

/** Every model the package exports, by the schema of openapi/case.yaml it is generated from. */
const SCHEMA_OF = {
  CFAssociation: 'CFAssociation',
  CFDocument: 'CFDocument',
  CFItem: 'CFItem',
  CFItemsValidateRequest: 'CFItemsValidateRequest',
  CFItemsValidateResult: 'CFItemsValidateResult',
  CFLink: 'Link',
  CFPackage: 'CFPackage',
  CFPackageLinkRef: 'CFPackageLinkRef',
  CFPackageNodeRef: 'CFPackageNodeRef',
  CFPackageUpload: 'CFPackageUpload',
  CFPackageUploadAssociation: 'CFPackageUploadAssociation',
  CFPackageUploadDefinitions: 'CFPackageUploadDefinitions',
  CFPackageUploadDocument: 'CFPackageUploadDocument',
  CFPackageUploadItem: 'CFPackageUploadItem',
  CFPackageUploadResult: 'CFPackageUploadResult',
} as const satisfies Record<string, keyof Schemas>;

describe('the models of @learnkit/case', () => {
  it('are assignable both ways with the openapi-typescript type of their schema', () => {
    expectTypeOf<Models.CFAssociation>().toExtend<Schemas['CFAssociation']>();
    expectTypeOf<Schemas['CFAssociation']>().toExtend<Models.CFAssociation>();
    expectTypeOf<Models.CFDocument>().toExtend<Schemas['CFDocument']>();
    expectTypeOf<Schemas['CFDocument']>().toExtend<Models.CFDocument>();
    expectTypeOf<Models.CFItem>().toExtend<Schemas['CFItem']>();
    expectTypeOf<Schemas['CFItem']>().toExtend<Models.CFItem>();
    expectTypeOf<Models.CFItemsValidateRequest>().toExtend<Schemas['CFItemsValidateRequest']>();
    expectTypeOf<Schemas['CFItemsValidateRequest']>().toExtend<Models.CFItemsValidateRequest>();
    expectTypeOf<Models.CFItemsValidateResult>().toExtend<Schemas['CFItemsValidateResult']>();
    expectTypeOf<Schemas['CFItemsValidateResult']>().toExtend<Models.CFItemsValidateResult>();
    expectTypeOf<Models.CFLink>().toExtend<Schemas['Link']>();
    expectTypeOf<Schemas['Link']>().toExtend<Models.CFLink>();
    expectTypeOf<Models.CFPackage>().toExtend<Schemas['CFPackage']>();
    expectTypeOf<Schemas['CFPackage']>().toExtend<Models.CFPackage>();
    expectTypeOf<Models.CFPackageLinkRef>().toExtend<Schemas['CFPackageLinkRef']>();
    expectTypeOf<Schemas['CFPackageLinkRef']>().toExtend<Models.CFPackageLinkRef>();
    expectTypeOf<Models.CFPackageNodeRef>().toExtend<Schemas['CFPackageNodeRef']>();
    expectTypeOf<Schemas['CFPackageNodeRef']>().toExtend<Models.CFPackageNodeRef>();
    expectTypeOf<Models.CFPackageUpload>().toExtend<Schemas['CFPackageUpload']>();
    expectTypeOf<Schemas['CFPackageUpload']>().toExtend<Models.CFPackageUpload>();
    expectTypeOf<Models.CFPackageUploadAssociation>().toExtend<Schemas['CFPackageUploadAssociation']>();
    expectTypeOf<Schemas['CFPackageUploadAssociation']>().toExtend<Models.CFPackageUploadAssociation>();
    expectTypeOf<Models.CFPackageUploadDefinitions>().toExtend<Schemas['CFPackageUploadDefinitions']>();
    expectTypeOf<Schemas['CFPackageUploadDefinitions']>().toExtend<Models.CFPackageUploadDefinitions>();
    expectTypeOf<Models.CFPackageUploadDocument>().toExtend<Schemas['CFPackageUploadDocument']>();
    expectTypeOf<Schemas['CFPackageUploadDocument']>().toExtend<Models.CFPackageUploadDocument>();
    expectTypeOf<Models.CFPackageUploadItem>().toExtend<Schemas['CFPackageUploadItem']>();
    expectTypeOf<Schemas['CFPackageUploadItem']>().toExtend<Models.CFPackageUploadItem>();
    expectTypeOf<Models.CFPackageUploadResult>().toExtend<Schemas['CFPackageUploadResult']>();
    expectTypeOf<Schemas['CFPackageUploadResult']>().toExtend<Models.CFPackageUploadResult>();
  });

  it('are each checked above: the table names every model generated/models.ts declares', () => {
    const source = readFileSync(new URL('../src/generated/models.ts', import.meta.url), 'utf8');
    const declared = [...source.matchAll(/^export (?:interface|type) (\w+)/gm)].map((match) => match[1]);
    expect(Object.keys(SCHEMA_OF).sort()).toEqual(declared.sort());
  });
});
