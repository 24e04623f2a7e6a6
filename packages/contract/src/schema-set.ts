// The one compiled JSON Schema set of the workspace (docs/decisions.md#d-one-compiled-schema-set): the mock validates
// requests with it and the contract checks exchanges with it. It imports no file system and no YAML, so the mock
// bundles it into its published build; the contract itself stays private.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CJS with a default export; under ESM interop the function sits on `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void;

/** The component schemas of one document by name, their `$ref`s written `#/$defs/<Name>`. */
export type ComponentDefs = Readonly<Record<string, unknown>>;

/** A schema (or any JSON) of `document` as the set compiles it: component `$ref`s into `learnkit:<document>`, no `format` where a `pattern` is given. */
export function schemaOf(value: unknown, document: string, relaxed = false): unknown {
  if (Array.isArray(value)) return value.map((inner) => schemaOf(inner, document, relaxed));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(record)) {
    // The pattern is the rule (docs/decisions.md#d-pattern-over-format); `required` goes for `fields` responds.
    if (key === 'format' && typeof record.pattern === 'string') continue;
    if (relaxed && key === 'required' && Array.isArray(inner)) continue;
    out[key] =
      key === '$ref' && typeof inner === 'string'
        ? inner
            .replace('#/components/schemas/', `learnkit:${document}#/$defs/`)
            .replace(/^learnkit:([\w-]+)#/, relaxed ? 'learnkit:$1~relaxed#' : 'learnkit:$1#')
        : schemaOf(inner, document, relaxed);
  }
  return out;
}

/**
 * The documents' component schemas registered once as `learnkit:<document>` in one ajv (JSON Schema 2020-12, every
 * error, formats checked, own members only so an inherited `constructor` is never a member), and every schema
 * validated against them compiled once, on first use.
 */
export class SchemaSet {
  readonly #ajv = new Ajv2020({ allErrors: true, strict: false, ownProperties: true });
  readonly #defs = new Map<string, () => ComponentDefs>();
  readonly #registered = new Set<string>();
  readonly #compiled = new WeakMap<object, Map<string, ValidateFunction>>();

  constructor() {
    addFormats(this.#ajv);
  }

  /**
   * Gives the component schemas of `document`, read when first needed. The first definition of a document
   * stays: the mock gives its generated schemas, the contract the same ones read from openapi/, and a test
   * holds the two equal (`packages/mock/test/schema-set.test.ts`).
   */
  define(document: string, defs: () => ComponentDefs): this {
    if (!this.#defs.has(document)) this.#defs.set(document, defs);
    return this;
  }

  /** `ajv`'s errors of `value` against `schema` of `document` (empty when valid); `relaxed` ignores `required`. */
  validate(document: string, schema: object, value: unknown, relaxed = false): ErrorObject[] {
    const key = `${document}${relaxed ? '~relaxed' : ''}`;
    const byKey = this.#compiled.get(schema) ?? new Map<string, ValidateFunction>();
    this.#compiled.set(schema, byKey);
    let validate = byKey.get(key);
    if (!validate) {
      this.#register(document, relaxed);
      validate = this.#ajv.compile(schemaOf(schema, document, relaxed) as object);
      byKey.set(key, validate);
    }
    return validate(value) ? [] : [...(validate.errors ?? [])];
  }

  #register(document: string, relaxed: boolean): void {
    const id = `learnkit:${document}${relaxed ? '~relaxed' : ''}`;
    if (this.#registered.has(id)) return;
    const defs = this.#defs.get(document);
    if (!defs) throw new Error(`no component schemas are defined for the document "${document}"`);
    this.#ajv.addSchema({ $id: id, $defs: schemaOf(defs(), document, relaxed) });
    this.#registered.add(id);
  }
}

/** The set every user in one process shares: the mock's requests and the contract's checks compile into it. */
export const sharedSchemas = new SchemaSet();

type SchemaLike = { type?: unknown; items?: unknown };

const typesOf = (schema: SchemaLike | undefined): string[] =>
  Array.isArray(schema?.type) ? (schema.type as string[]) : schema?.type ? [String(schema.type)] : [];

/** One serialized parameter (path, query or header text) as the JSON value its schema describes. */
export function coerceScalar(text: string, schema: SchemaLike | undefined): unknown {
  const types = typesOf(schema);
  // Digits only: `Number` would also read ` 5`, `+5`, `0x5` or `1e9`, which the documents' integers are not.
  if (types.includes('integer') && /^-?\d+$/.test(text)) return Number(text);
  if (types.includes('number') && /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(text)) return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if (types.includes('null') && text === 'null') return null;
  return text;
}

/** A query parameter as its schema describes it: arrays comma-joined (`explode: false`) or repeated. */
export function readQueryValue(
  params: URLSearchParams,
  name: string,
  schema: SchemaLike | undefined,
  explode: boolean | undefined,
): unknown {
  const values = params.getAll(name);
  if (typesOf(schema).includes('array')) {
    const items = explode === false ? (values[0] ?? '').split(',') : values;
    return items.map((item) => coerceScalar(item, schema?.items as SchemaLike | undefined));
  }
  return coerceScalar(values[0] ?? '', schema);
}
