// Values a JSON Schema of openapi/*.yaml takes, as fast-check arbitraries: what the document fuzz builds valid
// requests from (docs/decisions.md#d-mock-document-fuzz). It covers the keywords the documents use; a schema it
// cannot satisfy (a pattern its generator misreads, say) yields values the contract then counts as invalid, so the
// fuzz still checks the response, as an invalid request.
import fc from 'fast-check';

/** A schema (or a part of one) as the documents write it. */
export type Schema = Record<string, unknown>;

/** A document, to resolve `#/components/...` references in. */
export type Document = Record<string, unknown>;

/** `schema` with its `$ref` resolved (repeatedly) within `document`. */
export function resolve(document: Document, schema: unknown): Schema {
  let current = (schema ?? {}) as Schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops++) {
    const path = (current.$ref as string).replace(/^#\//, '').split('/');
    current = path.reduce<unknown>((node, part) => (node as Schema)?.[part], document) as Schema;
  }
  return current ?? {};
}

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  'date-time': fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2035-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => `${date.toISOString().slice(0, 19)}Z`),
  date: fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2035-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((date) => date.toISOString().slice(0, 10)),
  uuid: fc.uuid(),
  uri: fc.constantFrom('https://hooks.example.com/learnkit', 'https://example.com/a/b?c=1'),
  email: fc.constantFrom('fuzz@maple.learnkit.test', 'a.b@example.com'),
};

/** How deep the generator follows nested schemas before it gives only what is required. */
const MAX_DEPTH = 6;

/** An arbitrary of values `schema` takes; `depth` bounds recursive schemas. */
export function arbitraryOf(document: Document, raw: unknown, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(document, raw);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.examples) && schema.examples.length > 0 && depth > 0 && !schema.properties)
    return fc.oneof(fc.constantFrom(...schema.examples), typed(document, schema, depth));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0)
      return fc.oneof(
        ...options.map((option) =>
          arbitraryOf(document, { ...rest(schema, key), ...resolve(document, option) }, depth),
        ),
      );
  }
  if (Array.isArray(schema.allOf)) {
    const merged = schema.allOf.reduce<Schema>(
      (all, part) => mergeSchemas(all, resolve(document, part)),
      rest(schema, 'allOf'),
    );
    return arbitraryOf(document, merged, depth);
  }
  return typed(document, schema, depth);
}

/** `schema` without `key`. */
function rest(schema: Schema, key: string): Schema {
  const { [key]: _dropped, ...others } = schema;
  return others;
}

/** Two object schemas as one: properties and `required` joined, other keywords of `b` over `a`'s. */
function mergeSchemas(a: Schema, b: Schema): Schema {
  return {
    ...a,
    ...b,
    properties: { ...(a.properties as Schema | undefined), ...(b.properties as Schema | undefined) },
    required: [
      ...((a.required as string[] | undefined) ?? []),
      ...((b.required as string[] | undefined) ?? []),
    ],
  };
}

/** The arbitrary of a schema by its `type` (the first of a list, `null` least often). */
function typed(document: Document, schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = types.find((candidate) => candidate !== 'null') ?? types[0];
  if (type === undefined && schema.properties) return objectOf(document, schema, depth);
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({
        min: Math.ceil(
          Number(schema.minimum ?? (schema.exclusiveMinimum as number | undefined) ?? 0) +
            (schema.exclusiveMinimum !== undefined ? 1 : 0),
        ),
        max: Math.min(Number(schema.maximum ?? 50), 1000),
      });
    case 'number':
      return fc.double({
        min:
          Number(schema.minimum ?? schema.exclusiveMinimum ?? 0) +
          (schema.exclusiveMinimum !== undefined ? 0.5 : 0),
        max: Number(schema.maximum ?? 100),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(document, schema.items ?? {}, depth + 1), {
        minLength: Number(schema.minItems ?? 0),
        maxLength: Math.max(
          Number(schema.minItems ?? 0),
          depth >= MAX_DEPTH ? 0 : Math.min(Number(schema.maxItems ?? 3), 3),
        ),
      });
    case 'object':
      return objectOf(document, schema, depth);
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
  }
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const format = FORMATS[schema.format as string];
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern as string);
    // fast-check writes strings a pattern matches, but not for every pattern (no lookahead): those get the
    // format's values, or text the pattern filters.
    try {
      return fc.stringMatching(pattern).filter((text) => text.length <= 200);
    } catch {
      return (format ?? fc.string({ maxLength: 12 })).filter((text) => pattern.test(text));
    }
  }
  if (format) return format;
  const minLength = Number(schema.minLength ?? 0);
  return fc.string({
    minLength,
    maxLength: Math.max(minLength, Math.min(Number(schema.maxLength ?? 12), 12)),
  });
}

/** An object: its required members, some optional ones, no others (the documents mostly forbid them). */
function objectOf(document: Document, schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const names = Object.keys(properties).filter((name) => required.has(name) || depth < MAX_DEPTH);
  const members = Object.fromEntries(
    names
      .filter((name) => !resolve(document, properties[name]).readOnly)
      .map((name) => [name, arbitraryOf(document, properties[name], depth + 1)]),
  );
  return fc.record(members, { requiredKeys: [...required].filter((name) => name in members) });
}
