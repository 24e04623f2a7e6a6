import { readFileSync } from 'node:fs';
import { Ajv2019, type ErrorObject, type ValidateFunction } from 'ajv/dist/2019.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export arrives wrapped or not depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2019) => void;

const SCHEMA_URL = new URL('./fixtures/case-v1p1-cfpackage.schema.json', import.meta.url);

/** The IMS CASE 1.1 CFPackage JSON Schema (draft 2019-09) with formats checked: the judge of CASE JSON. */
function compile(): { pkg: ValidateFunction; definitions: ValidateFunction } {
  const ajv = new Ajv2019({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  const schema = JSON.parse(readFileSync(SCHEMA_URL, 'utf8')) as { $id: string };
  ajv.addSchema(schema);
  return {
    pkg: ajv.getSchema(schema.$id) as ValidateFunction,
    definitions: ajv.compile({ $ref: `${schema.$id}#/$defs/CFDefinition` }),
  };
}

let compiled: ReturnType<typeof compile> | undefined;

const describeErrors = (errors: ErrorObject[] | null | undefined): string[] =>
  (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);

/** The schema's complaints about a whole CASE package (empty when it is valid). */
export function imsPackageErrors(value: unknown): string[] {
  compiled ??= compile();
  return compiled.pkg(value) ? [] : describeErrors(compiled.pkg.errors);
}

/** The schema's complaints about a `CFDefinitions` object (empty when it is valid). */
export function imsDefinitionsErrors(value: unknown): string[] {
  compiled ??= compile();
  return compiled.definitions(value) ? [] : describeErrors(compiled.definitions.errors);
}
