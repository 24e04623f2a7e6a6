import type { z } from 'zod';
import type { ValidationIssue } from '../errors/validation';
import { jsonTypeName, showValue, valueAtPath } from './show';

/** The JSON Schemas of a document's components by name, as `pnpm gen` writes them (`caseSchemas`, ...). */
export type JsonSchemaDefs = Readonly<Record<string, unknown>>;

/** @internal How a zod issue that fails a string format is told, by zod's format name (`date`, `datetime`, `regex`...). */
export type FormatWording = (
  value: unknown,
  issue: z.core.$ZodIssueInvalidStringFormat,
) => string | undefined;

/** @internal What a package says in its own words when a body fails its schema (see {@link schemaChecker}). */
export interface IssueWording {
  /** The message of a member the schema does not declare, one issue per member (default: zod's, one issue). */
  unknownMember?: string;
  /** The message of a string that fails its format, by format; `undefined` (or no entry) keeps zod's. */
  formats?: Readonly<Record<string, FormatWording>>;
  /** Names of the JSON types in "must be ..." where the package words one differently (`object: 'a JSON object'`). */
  types?: Readonly<Record<string, string>>;
}

/**
 * Zod's issues of `input` (a body checked against a schema generated from openapi/) as LearnKit issues
 * whose messages say what to give instead and what was given: `must be a string (got 42)`, `is required`,
 * `must be a number or null (got "100")`, plus the package's own `wording`.
 */
function readableIssues(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  wording: IssueWording = {},
): ValidationIssue[] {
  const typeName = (type: string) => wording.types?.[type] ?? jsonTypeName(type);
  const out: ValidationIssue[] = [];
  for (const issue of issues) {
    const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
    const value = () => valueAtPath(input, issue.path);
    switch (issue.code) {
      case 'invalid_type': {
        const given = value();
        const message =
          given === undefined
            ? 'is required'
            : `must be ${typeName(issue.expected)} (got ${showValue(given)})`;
        out.push({ path, message });
        break;
      }
      case 'unrecognized_keys':
        if (wording.unknownMember === undefined) out.push({ path, message: issue.message });
        // One issue per member, so each names its own path.
        else for (const key of issue.keys) out.push({ path: [...path, key], message: wording.unknownMember });
        break;
      case 'invalid_union': {
        // A nullable member (`[number, 'null']`) given a value of another type: say which types it takes.
        const expected = issue.errors
          .flat()
          .flatMap((inner) => (inner.code === 'invalid_type' ? [typeName(inner.expected)] : []));
        const types = expected.length > 0 ? expected.join(' or ') : 'of another type';
        out.push({ path, message: `must be ${types} (got ${showValue(value())})` });
        break;
      }
      case 'invalid_value':
        // A missing member whose schema is a choice (OneRoster's `status`) is missing, not a wrong choice.
        out.push({ path, message: value() === undefined ? 'is required' : issue.message });
        break;
      case 'invalid_format':
        out.push({ path, message: wording.formats?.[issue.format]?.(value(), issue) ?? issue.message });
        break;
      default:
        out.push({ path, message: issue.message });
    }
  }
  return out;
}

/**
 * @internal A JSON Schema pointing into one document's generated `$defs`, as zod's `fromJSONSchema` takes it (the
 * definitions typed `never` so that `z.fromJSONSchema` itself can be given to {@link schemaChecker}).
 */
export type SchemaRef = {
  $defs: Readonly<Record<string, never>>;
  $ref: string;
};

/**
 * @internal The body check of one document: `check(name, input)` validates `input` against the schema `name` of the
 * generated JSON Schemas `defs` (from openapi/, never written by hand) and returns its issues in the package's
 * `wording` (empty when it is valid). Each validator is built by `fromJsonSchema` (zod's `z.fromJSONSchema`, given
 * by the package, so that core never loads zod) on first use, then kept: a program pays only for what it checks.
 *
 * @example
 * const check = schemaChecker(caseSchemas, z.fromJSONSchema, { unknownMember: 'is not a member of the upload' });
 * const issues = check('CFPackageUpload', body);
 */
export function schemaChecker(
  defs: JsonSchemaDefs,
  fromJsonSchema: (schema: SchemaRef) => z.ZodType,
  wording: IssueWording = {},
): (name: string, input: unknown) => ValidationIssue[] {
  const built = new Map<string, z.ZodType>();
  return (name, input) => {
    let validator = built.get(name);
    if (validator === undefined) {
      validator = fromJsonSchema({ $defs: defs as SchemaRef['$defs'], $ref: `#/$defs/${name}` });
      built.set(name, validator);
    }
    const result = validator.safeParse(input);
    return result.success ? [] : readableIssues(result.error.issues, input, wording);
  };
}
