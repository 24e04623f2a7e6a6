import { readQueryValue, sharedSchemas } from '@learnkit/contract/schemas';
import { caseSchemas, onerosterSchemas, platformSchemas } from '../generated/openapi/json-schemas.js';
import { OPERATIONS, type OperationId, REQUEST_SCHEMAS } from '../generated/operations.js';
import { badRequest } from '../internal/http-error.js';
import { problemsOf } from './messages.js';

// The component schemas come from the mock's generated copy of the documents; the contract, in the same process, finds
// them defined already (docs/decisions.md#d-one-compiled-schema-set).
sharedSchemas
  .define('case', () => caseSchemas)
  .define('platform', () => platformSchemas)
  .define('oneroster', () => onerosterSchemas);

/**
 * ajv's errors of `value` as `part` of `operationId`, against the documents' schema of it (empty when valid or
 * without one). Compiled on first use, in the set the contract shares (docs/decisions.md#d-mock-validates-with-ajv).
 */
export function checkRequest(operationId: OperationId, part: 'path' | 'query' | 'body', value: unknown) {
  const schema = REQUEST_SCHEMAS[operationId]?.[part];
  return schema ? sharedSchemas.validate(OPERATIONS[operationId].document, schema, value) : [];
}

const components = new Map<string, object>();

/** ajv's errors of `value` against the component schema `name` of `document` (`CFItem` of `case`). */
export function checkComponent(document: string, name: string, value: unknown) {
  const key = `${document}/${name}`;
  const schema = components.get(key) ?? { $ref: `#/components/schemas/${name}` };
  components.set(key, schema);
  return sharedSchemas.validate(document, schema, value);
}

type QuerySchema = {
  properties: Record<string, { type?: unknown; items?: unknown; default?: unknown; 'x-explode'?: boolean }>;
};

/**
 * The query of a request read as the operation's parameters type it (numbers, comma-separated lists), with the
 * documents' defaults filled in; a 400 naming each parameter the documents refuse: an undeclared one, and an
 * empty one (no parameter of the documents sets `allowEmptyValue`).
 */
export function readQuery(operationId: OperationId, params: URLSearchParams): Record<string, unknown> {
  const { properties } = (REQUEST_SCHEMAS[operationId]?.query ?? { properties: {} }) as QuerySchema;
  const names = [...new Set(params.keys())];
  const query = Object.fromEntries(
    names.map((name) => {
      const schema = Object.hasOwn(properties, name) ? properties[name] : undefined;
      return [name, schema ? readQueryValue(params, name, schema, schema['x-explode']) : params.get(name)];
    }),
  );
  const problems = [
    ...names
      .filter((name) => params.get(name) === '')
      .map((name) => `query.${name} is empty; give a value or leave it out`),
    ...problemsOf('query', checkRequest(operationId, 'query', query)),
  ];
  if (problems.length > 0) throw badRequest(`Invalid query: ${problems.slice(0, 5).join('; ')}`);
  for (const [name, schema] of Object.entries(properties)) {
    if (!(name in query) && schema.default !== undefined) query[name] = schema.default;
  }
  return query;
}
