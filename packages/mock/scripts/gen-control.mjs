// Generates, from openapi/mock-control.yaml (the control path of `learnkit-mock serve`), the mock's own copy of
// what the other documents give core and the operation table (docs/decisions.md#d-mock-control-document):
//
// - packages/mock/src/generated/mock-control.ts: the document's types (openapi-typescript, as core's documents);
// - packages/mock/src/generated/control-operations.ts: every control operation's method and path, the JSON
//   Schemas of its request (query and body) and the document's component schemas, which the control handler
//   registers in the shared schema set and validates by, without parsing YAML at run time.
//
// It reads the operations with gen-operations.mjs's `readOperations`, so the two tables are made the same way.
// The root `scripts/gen.mjs` runs it, so `pnpm gen` and `pnpm gen:check` cover it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse as parseYaml } from 'yaml';
import { header, readOperations, rewrite } from './gen-operations.mjs';

/** The document's name: `learnkit:mock-control` in the shared schema set. */
export const CONTROL_DOCUMENT = 'mock-control';
export const CONTROL_TYPES_PATH = 'packages/mock/src/generated/mock-control.ts';
export const CONTROL_OPERATIONS_PATH = 'packages/mock/src/generated/control-operations.ts';

/**
 * A control operation's row: method and path, and for one that takes a JSON body whether it must be given
 * (`body`) and the document's example of it, which a refusal of a body that is not JSON shows.
 */
function rowOf(document, { method, path }) {
  const requestBody = document.paths[path][method.toLowerCase()].requestBody;
  const media = requestBody?.content?.['application/json'];
  if (!media) return { method, path };
  const body = requestBody.required ? 'required' : 'optional';
  return { method, path, body, ...(media.example && { example: JSON.stringify(media.example) }) };
}

/** `{ path, content }` of the two generated files. */
export async function generateControl(root) {
  const file = join(root, 'openapi', `${CONTROL_DOCUMENT}.yaml`);
  const ast = await openapiTS(pathToFileURL(file), { alphabetize: false });
  const types = {
    path: CONTROL_TYPES_PATH,
    content: header(`openapi/${CONTROL_DOCUMENT}.yaml`) + astToString(ast),
  };

  const document = parseYaml(readFileSync(file, 'utf8'));
  const entries = readOperations(root, { [CONTROL_DOCUMENT]: 'paths' });
  const table = entries.map(({ id, row }) => `  ${id}: ${JSON.stringify(rowOf(document, row))},`).join('\n');
  const operationTypes = entries
    .map(({ id, row }) => `  ${id}: paths['${row.path}']['${row.method.toLowerCase()}'];`)
    .join('\n');
  const schemas = Object.fromEntries(
    entries.map(({ id, request }) => [
      id,
      { query: request.query, ...(request.body && { body: request.body }) },
    ]),
  );
  const defs = rewrite(document.components?.schemas ?? {}, CONTROL_DOCUMENT);
  const learnkit = `learnkit:${CONTROL_DOCUMENT}`;
  const content = `${header(`openapi/${CONTROL_DOCUMENT}.yaml`)}import type { paths } from './mock-control.js';

/** The document's name in the shared schema set: the \`$ref\`s below point into \`${learnkit}\`. */
export const CONTROL_DOCUMENT = '${CONTROL_DOCUMENT}';

/**
 * Every control operation of \`learnkit-mock serve\`: its method, its path below the control prefix and, when it
 * takes a JSON body, whether the body is \`required\` or \`optional\` (absent: \`{}\`) and the example of one.
 */
export const CONTROL_OPERATIONS = {
${table}
} as const;

/** An operationId of the control document. */
export type ControlOperationId = keyof typeof CONTROL_OPERATIONS;

/** Each control operation's generated type (request body, responses), by operationId. */
export type ControlOperationTypes = {
${operationTypes}
};

/**
 * The JSON Schemas of each control operation's request: the query (which takes no parameter) and the JSON body.
 * \`$ref\`s point into \`${learnkit}\`, the component schemas below.
 */
export const CONTROL_REQUEST_SCHEMAS: Readonly<Record<ControlOperationId, { query: object; body?: object }>> = ${JSON.stringify(schemas, null, 2)};

/** The component schemas of openapi/${CONTROL_DOCUMENT}.yaml, registered as \`${learnkit}\`. */
export const CONTROL_SCHEMAS: Readonly<Record<string, unknown>> = ${JSON.stringify(defs, null, 2)};
`;
  return [types, { path: CONTROL_OPERATIONS_PATH, content }];
}
