import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from './documents.js';

// ajv-formats is CJS with a default export; under NodeNext interop the function sits on `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void;

const idOf = (name: string, relaxed: boolean) =>
  `https://contract.learnkit.test/${name}${relaxed ? '-relaxed' : ''}`;

/** Rewrites `#/components/schemas/X` to an absolute `$ref` into the registered document, optionally dropping `required`. */
function rewrite(value: unknown, base: string, dropRequired: boolean): unknown {
  if (Array.isArray(value)) return value.map((inner) => rewrite(inner, base, dropRequired));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$ref' && typeof inner === 'string')
      out[key] = inner.replace('#/components/schemas/', `${base}#/$defs/`);
    else if (dropRequired && key === 'required' && Array.isArray(inner)) continue;
    else out[key] = rewrite(inner, base, dropRequired);
  }
  return out;
}

/**
 * Compiles the JSON Schemas of the documents with a JSON Schema 2020-12 validator. Each document's component
 * schemas are registered twice: as written, and "relaxed" (no `required`), for responses narrowed by `fields`.
 */
export class SchemaRegistry {
  readonly #ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
  readonly #compiled = new WeakMap<object, Map<string, ValidateFunction>>();

  constructor(documents: Map<string, OpenApiDocument>) {
    addFormats(this.#ajv);
    for (const [name, document] of documents) {
      for (const relaxed of [false, true]) {
        const base = idOf(name, relaxed);
        this.#ajv.addSchema({ $id: base, $defs: rewrite(document.components?.schemas ?? {}, base, relaxed) });
      }
    }
  }

  /** Validates `value` against a schema found in document `name`; returns the errors (empty when valid). */
  validate(name: string, schema: unknown, value: unknown, relaxed = false): ErrorObject[] {
    const key = `${name}:${relaxed}`;
    let byDocument = this.#compiled.get(schema as object);
    if (!byDocument) {
      byDocument = new Map();
      this.#compiled.set(schema as object, byDocument);
    }
    let validate = byDocument.get(key);
    if (!validate) {
      validate = this.#ajv.compile(rewrite(schema, idOf(name, relaxed), relaxed) as object);
      byDocument.set(key, validate);
    }
    return validate(value) ? [] : [...(validate.errors ?? [])];
  }
}
