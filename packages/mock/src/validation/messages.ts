import { jsonTypeName } from '@learnkit/core/internal';
import type { ErrorObject } from 'ajv/dist/2020.js';

/** How a JSON Schema format is named in a problem. */
const FORMAT_NAMES: Record<string, string> = {
  'date-time': 'an ISO 8601 date-time with a time zone',
  date: 'a date YYYY-MM-DD',
  uri: 'an absolute URI',
  email: 'an email address',
  uuid: 'an identifier of 8-4-4-4-12 hex digits',
};

/** `/a/0/b` under `root` as `root.a[0].b`: the member a problem is about, as a reader writes it. */
function memberPath(root: string, pointer: string): string {
  let path = root;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    path += /^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`;
  }
  return path;
}

/** One ajv error as a problem: the member's path, what is wrong, and so what it must be instead. */
function describe(root: string, error: ErrorObject): string | undefined {
  const at = memberPath(root, error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${at}.${String(params.missingProperty)} is required`;
    case 'additionalProperties':
      return `${at}.${String(params.additionalProperty)} is not allowed; remove it`;
    // A closed schema whose members come from an `allOf` (the control path's FaultSpec, docs/decisions.md#d-mock-control-document).
    case 'unevaluatedProperties':
      return `${at}.${String(params.unevaluatedProperty)} is not allowed; remove it`;
    case 'type': {
      const types = String(params.type).split(',');
      // The value itself: say it is JSON text of the wrong kind (`body must be a JSON object`).
      const json = error.instancePath === '' ? 'a JSON ' : '';
      return `${at} must be ${json ? `${json}${types.join(' or ')}` : types.map(jsonTypeName).join(' or ')}`;
    }
    case 'enum':
      return `${at} must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `${at} must be ${JSON.stringify(params.allowedValue)}`;
    case 'format':
      return `${at} must be ${FORMAT_NAMES[String(params.format)] ?? `of format ${String(params.format)}`}`;
    case 'pattern':
      return `${at} must match ${String(params.pattern)}`;
    case 'minItems':
      return `${at} must hold at least ${String(params.limit)} entries`;
    case 'maxItems':
      return `${at} must hold at most ${String(params.limit)} entries`;
    case 'minLength':
      return `${at} must be at least ${String(params.limit)} characters long`;
    case 'maxLength':
      return `${at} must be at most ${String(params.limit)} characters long`;
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum':
      return `${at} must be ${String(params.comparison)} ${String(params.limit)}`;
    case 'uniqueItems':
      return `${at} must not repeat an entry (entries ${String(params.j)} and ${String(params.i)} are equal)`;
    // A failed branch of `anyOf`/`oneOf` or an `if` explains itself in the errors of its branches.
    case 'anyOf':
    case 'oneOf':
    case 'if':
      return undefined;
    default:
      return `${at} ${error.message ?? 'is not valid'}`;
  }
}

/**
 * ajv's errors as problems that each name the failing member and what would fix it, without repeats
 * (docs/decisions.md#d-mock-problems-name-json-path). `root` is what the value is called: `body`, `query` or `path`.
 */
export function problemsOf(root: string, errors: readonly ErrorObject[]): string[] {
  const problems = new Set<string>();
  // A nullable member's other branch (`anyOf: [X, null]`) adds "must be null" to what is wrong with its X: left out.
  const beside = (error: ErrorObject) =>
    errors.some((other) => other !== error && other.instancePath.startsWith(error.instancePath));
  for (const error of errors) {
    if (error.keyword === 'type' && (error.params as { type?: unknown }).type === 'null' && beside(error))
      continue;
    const problem = describe(root, error);
    if (problem) problems.add(problem);
  }
  if (problems.size === 0 && errors.length > 0) problems.add(`${root} does not match the documents`);
  return [...problems];
}

/** How many problems a refusal names: enough to fix several at once, few enough to read. */
const SHOWN_PROBLEMS = 5;

/** The problems a refusal names, joined as its message shows them. */
export const refusal = (problems: readonly string[]): string => problems.slice(0, SHOWN_PROBLEMS).join('; ');
