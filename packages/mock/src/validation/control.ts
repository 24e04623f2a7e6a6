import { sharedSchemas } from '@learnkit/contract/schemas';
import {
  CONTROL_DOCUMENT,
  CONTROL_REQUEST_SCHEMAS,
  CONTROL_SCHEMAS,
  type ControlOperationId,
} from '../generated/control-operations.js';
import { problemsOf, refusal } from './messages.js';

// The control path's component schemas, generated from openapi/mock-control.yaml, join the set the platform
// requests and the contract use (docs/decisions.md#d-one-compiled-schema-set, docs/decisions.md#d-mock-control-document).
sharedSchemas.define(CONTROL_DOCUMENT, () => CONTROL_SCHEMAS);

/**
 * Why the document refuses `value` as the `query` or `body` of a control operation (`Invalid request body: body.x
 * is not allowed; remove it`, each failing member named), or undefined when it takes it.
 */
export function controlRefusal(
  operationId: ControlOperationId,
  part: 'query' | 'body',
  value: unknown,
): string | undefined {
  const schema = CONTROL_REQUEST_SCHEMAS[operationId][part];
  if (!schema) return undefined;
  const problems = problemsOf(part, sharedSchemas.validate(CONTROL_DOCUMENT, schema, value));
  if (problems.length === 0) return undefined;
  const what = part === 'body' ? 'request body' : 'query';
  return `Invalid ${what}: ${refusal(problems)}`;
}
