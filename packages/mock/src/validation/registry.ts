import { caseSchemas, onerosterSchemas, platformSchemas } from '@learnkit/core';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { REQUEST_SCHEMAS } from '../generated/operations.js';

// ajv-formats is CJS with a default export; under ESM interop the function sits on `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void;

/** The parts of a request the documents give a schema for. */
export type RequestPart = 'path' | 'query' | 'body';

/**
 * The component schemas of the documents and each operation's request schemas, compiled with ajv on first use
 * (docs/decisions.md#d-i15-validation): the mock starts without compiling 64 operations it may never serve.
 */
export class RequestSchemas {
  #ajv: Ajv2020 | undefined;
  readonly #compiled = new Map<string, ValidateFunction | null>();

  /** The ajv instance with the three documents' component schemas registered as `learnkit:<document>`. */
  #instance(): Ajv2020 {
    if (this.#ajv) return this.#ajv;
    // Own members only: an inherited `constructor` is never a member (docs/decisions.md#d-mock-own-members).
    const ajv = new Ajv2020({ allErrors: true, strict: false, ownProperties: true });
    addFormats(ajv);
    for (const [name, defs] of [
      ['case', caseSchemas],
      ['platform', platformSchemas],
      ['oneroster', onerosterSchemas],
    ] as const) {
      ajv.addSchema({ $id: `learnkit:${name}`, $defs: defs });
    }
    this.#ajv = ajv;
    return ajv;
  }

  /** Whether the documents give operation `operationId` a schema for `part`. */
  has(operationId: string, part: RequestPart): boolean {
    return REQUEST_SCHEMAS[operationId]?.[part] !== undefined;
  }

  /** Validates `value` as `part` of `operationId`; returns ajv's errors, empty when valid or without a schema. */
  check(operationId: string, part: RequestPart, value: unknown): ErrorObject[] {
    const key = `${operationId} ${part}`;
    let validate = this.#compiled.get(key);
    if (validate === undefined) {
      const schema = REQUEST_SCHEMAS[operationId]?.[part];
      validate = schema ? this.#instance().compile(schema) : null;
      this.#compiled.set(key, validate);
    }
    if (validate === null || validate(value)) return [];
    return [...(validate.errors ?? [])];
  }
}

/** The one compiled set of the process: every platform shares it, so a schema is compiled once. */
export const requestSchemas = new RequestSchemas();
