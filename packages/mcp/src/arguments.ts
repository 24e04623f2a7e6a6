import { ValidationError, type ValidationIssue } from '@learnkit/sdk';
import type { JsonSchema } from './operation-types';
import type { ObjectSchema } from './tool';

const ARTICLE: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

function typeProblem(schema: JsonSchema, value: unknown): string | undefined {
  const type = schema.type;
  if (typeof type !== 'string') return undefined;
  const ok =
    type === 'integer'
      ? Number.isInteger(value)
      : type === 'array'
        ? Array.isArray(value)
        : type === 'object'
          ? value !== null && typeof value === 'object' && !Array.isArray(value)
          : typeof value === type;
  return ok ? undefined : `must be ${ARTICLE[type] ?? type} (got ${JSON.stringify(value) ?? typeof value})`;
}

/**
 * The shape checks of a tool's arguments against its input schema: an object, no member the schema does not
 * name, every required member, each member's JSON type. Values (enums included) (an https URL with a domain name, event
 * types of the catalogue) are then checked by the SDK, with the same messages library users get
 * (docs/decisions.md#d-mcp-arguments-checked). Throws one `ValidationError` naming every problem.
 */
export function checkArguments(schema: ObjectSchema, args: unknown): Record<string, unknown> {
  const issues: ValidationIssue[] = [];
  if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) {
    throw new ValidationError([{ path: [], message: 'the arguments must be a JSON object' }]);
  }
  const given = (args ?? {}) as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const names = Object.keys(properties);
  for (const key of Object.keys(given)) {
    if (!(key in properties)) {
      issues.push({
        path: [key],
        message: `is not an argument of this tool (it takes ${names.join(', ') || 'none'})`,
      });
    }
  }
  for (const name of (schema.required as string[] | undefined) ?? []) {
    if (given[name] === undefined) {
      const description = properties[name]?.description;
      issues.push({ path: [name], message: `is required${description ? `: ${description}` : ''}` });
    }
  }
  for (const [name, value] of Object.entries(given)) {
    const property = properties[name];
    if (!property || value === undefined) continue;
    const problem = typeProblem(property, value);
    if (problem) issues.push({ path: [name], message: problem });
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return given;
}
