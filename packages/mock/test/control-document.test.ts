// openapi/mock-control.yaml is the one statement of the control path of `learnkit-mock serve`: every operation has a
// handler and every handler an operation, the generated table and schemas are the document's, and the public hand
// types agree with the document's (docs/decisions.md#d-mock-control-document).
import { CONTROL_DOCUMENT, loadControlContract, readDocuments } from '@learnkit/contract';
import { schemaOf } from '@learnkit/contract/schemas';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { controlHandlers } from '../src/cli/control.js';
import { CONTROL_OPERATIONS, CONTROL_SCHEMAS } from '../src/generated/control-operations.js';
import type { components } from '../src/generated/mock-control.js';
import type { ActiveFault, FaultSpec, RevokeFilter } from '../src/index.js';
import { createMockPlatform } from '../src/index.js';

type Schemas = components['schemas'];
type Json = Record<string, Record<string, { operationId?: string }>>;

const document = readDocuments(undefined, [CONTROL_DOCUMENT]).get(CONTROL_DOCUMENT)!;
/** `operationId -> METHOD /path`, as the document (read from openapi/, not the generated table) states them. */
const stated = Object.fromEntries(
  Object.entries(document.paths as Json).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map(([method, operation]) => [operation.operationId, `${method.toUpperCase()} ${path}`]),
  ),
);

describe('the control path of learnkit-mock serve and openapi/mock-control.yaml', () => {
  it('has a handler for every operation of the document, and an operation for every handler', () => {
    const platform = createMockPlatform();
    const handlers = controlHandlers(platform, { routedInMs: 0, log: () => {}, changed: () => {} });
    platform.close();
    const documented = loadControlContract().operationIds().sort();
    expect(documented.length).toBeGreaterThan(0);
    expect(Object.keys(handlers).sort()).toEqual(documented);
    expect(Object.keys(stated).sort()).toEqual(documented);
  });

  it('routes each operation at the method and path the document gives', () => {
    const routed = Object.fromEntries(
      Object.entries(CONTROL_OPERATIONS).map(([id, row]) => [id, `${row.method} ${row.path}`]),
    );
    expect(routed).toEqual(stated);
  });

  it('validates with the component schemas read from the document', () => {
    const local = (defs: unknown) =>
      JSON.parse(
        JSON.stringify(schemaOf(defs, CONTROL_DOCUMENT)).replaceAll(
          `learnkit:${CONTROL_DOCUMENT}#/$defs/`,
          '#/$defs/',
        ),
      );
    expect(local(CONTROL_SCHEMAS)).toEqual(local(document.components?.schemas));
  });

  it("keeps the public hand types in agreement with the document's (a RegExp path aside, which JSON cannot carry)", () => {
    type OverJson<T> = Omit<T, 'path'> & { path?: string };
    expectTypeOf<Schemas['FaultSpec']>().toExtend<FaultSpec>();
    expectTypeOf<OverJson<FaultSpec>>().toExtend<Schemas['FaultSpec']>();
    expectTypeOf<Schemas['ActiveFault']>().toExtend<ActiveFault>();
    expectTypeOf<OverJson<ActiveFault>>().toExtend<Schemas['ActiveFault']>();
    expectTypeOf<Schemas['RevokeFilter']>().toExtend<RevokeFilter>();
    expectTypeOf<RevokeFilter>().toExtend<Schemas['RevokeFilter']>();
    // A RegExp path is what the document cannot state.
    expectTypeOf<FaultSpec>().not.toExtend<Schemas['FaultSpec']>();
  });
});
