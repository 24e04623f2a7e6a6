import { readFileSync } from 'node:fs';
import { caseSchemas } from '@learnkit/case';
import {
  createValidationError,
  type JsonSchemaDefs,
  schemaChecker,
  showValue,
  type ValidationIssue,
  valueAtPath,
} from '@learnkit/core/internal';
import { onerosterSchemas } from '@learnkit/oneroster';
import { platformSchemas } from '@learnkit/platform';
import { z } from 'zod';
import type { ApiOperation, ApiQueryParameter, ApiSchema } from '../../generated/api-operations';
import { CliError, EXIT } from '../exit-codes';
import type { Output } from '../output';
import { closest } from './find';

/** The component schemas of each document, as core generates them (never copied into the CLI's table). */
export const DOCUMENT_SCHEMAS: Readonly<Record<ApiOperation['document'], JsonSchemaDefs>> = {
  case: caseSchemas,
  platform: platformSchemas,
  oneroster: onerosterSchemas,
};

/** The name the query's schema gets beside the document's component schemas (no component is named so). */
const QUERY_SCHEMA = '~query';

/** Format wordings of the SDK's own body checks (docs/decisions.md#d-platform-inputs-checked). */
const WORDING = {
  types: { int: 'an integer', object: 'a JSON object' },
  formats: {
    date: (value: unknown) => `must be a calendar date YYYY-MM-DD (got ${showValue(value)})`,
    datetime: (value: unknown) =>
      `must be an RFC 3339 date-time such as 2026-09-01T12:00:00Z (got ${showValue(value)})`,
    url: (value: unknown) =>
      `must be an absolute URL such as https://api.example.com/... (got ${showValue(value)})`,
  },
};

/** Most values of a choice a message lists; a longer list is counted, with the nearest value named. */
const LISTED_CHOICES = 6;

/**
 * zod's `Invalid option: expected one of "a"|"b"|...` as the SDK words a choice: what was given, the values (or
 * how many there are), and the nearest one, so that 29 event types do not fill the terminal
 * (docs/decisions.md#d-cli-api-checks).
 */
function choiceIssue(issue: ValidationIssue, root: unknown): ValidationIssue {
  const listed = /^Invalid option: expected one of (.+)$/.exec(issue.message)?.[1];
  if (listed === undefined) return issue;
  let choices: unknown[];
  try {
    choices = listed.split('|').map((choice) => JSON.parse(choice) as unknown);
  } catch {
    return issue;
  }
  const given = valueAtPath(root, issue.path);
  const words = choices.filter((choice): choice is string => typeof choice === 'string');
  const near = typeof given === 'string' ? closest(given, words) : [];
  const values =
    choices.length <= LISTED_CHOICES
      ? `one of ${choices.map((choice) => JSON.stringify(choice)).join(', ')}`
      : `one of the ${choices.length} values the document lists`;
  const hint = near.length > 0 ? `, did you mean ${near.map((n) => JSON.stringify(n)).join(' or ')}?` : '';
  return { path: issue.path, message: `must be ${values} (got ${showValue(given)}${hint})` };
}

/** What the command line gave for one call. */
export interface ApiInput {
  /** The path parameters' values, in path order. */
  path: readonly string[];
  /** `--query NAME=VALUE`, in order. */
  query: readonly string[];
  /** `--body`: `@FILE`, `-` or the JSON itself. */
  body: string | undefined;
  /** `--option NAME=VALUE`: values of the call options that are no query parameter (`parentSession`). */
  options: readonly string[];
}

const usage = (op: ApiOperation, message: string) =>
  new CliError(
    EXIT.usage,
    `${message}\n\`learnkit api ${op.resource} ${op.method} --help\` shows its usage.`,
  );

/** `NAME=VALUE` split at the first `=`, or a usage error. */
function pair(op: ApiOperation, flag: string, text: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw usage(op, `${flag} takes NAME=VALUE (got "${text}")`);
  return [text.slice(0, at), text.slice(at + 1)];
}

/** The names `options.<name>` of `args` that no query parameter gives: call options of their own. */
export function callOptionNames(op: ApiOperation): string[] {
  return op.args
    .filter((arg) => arg.startsWith('options.'))
    .map((arg) => arg.slice('options.'.length))
    .filter((name) => !op.query.some((param) => param.name === name));
}

/** The path arguments, checked against the operation's count (docs/decisions.md#d-cli-api-arguments). */
function pathValues(op: ApiOperation, given: readonly string[]): string[] {
  const names = op.pathParams.map((param) => param.name);
  if (given.length < names.length) {
    throw usage(op, `missing argument ${given.length + 1} of ${names.length}: ${names[given.length]}`);
  }
  if (given.length > names.length) {
    const takes =
      names.length === 0
        ? 'takes no argument'
        : `takes ${names.length} argument${names.length > 1 ? 's' : ''} (${names.join(', ')})`;
    throw usage(op, `unexpected argument "${given[names.length]}": ${op.resource} ${op.method} ${takes}`);
  }
  return [...given];
}

/** One `--query` value as its schema types it; a text that is no such value is an issue, not a guess. */
function convert(param: ApiQueryParameter, text: string): { value: unknown } | { issue: string } {
  const schema = param.schema as { type?: string; items?: ApiSchema };
  switch (schema.type) {
    case 'integer':
      return /^-?\d+$/.test(text.trim())
        ? { value: Number(text) }
        : { issue: `must be an integer (got ${showValue(text)})` };
    case 'number':
      return text.trim() !== '' && Number.isFinite(Number(text))
        ? { value: Number(text) }
        : { issue: `must be a number (got ${showValue(text)})` };
    case 'boolean':
      return text === 'true' || text === 'false'
        ? { value: text === 'true' }
        : { issue: `must be true or false (got ${showValue(text)})` };
    case 'array':
      // `fields=sourcedId,givenName`: the documents send lists comma-separated (style form, explode false).
      return {
        value: text
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      };
    default:
      return { value: text };
  }
}

/** The JSON Schema of an operation's whole query, for the document's checker. */
function querySchema(op: ApiOperation): ApiSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(op.query.map((param) => [param.name, param.schema])),
    required: op.query.filter((param) => param.required).map((param) => param.name),
  };
}

/** The query object, its values typed per schema; unknown and repeated names are usage errors. */
function queryValues(op: ApiOperation, given: readonly string[], issues: ValidationIssue[]) {
  const query: Record<string, unknown> = {};
  const refused = new Set<string>();
  const names = op.query.map((param) => param.name);
  for (const text of given) {
    const [name, raw] = pair(op, '--query', text);
    const param = op.query.find((candidate) => candidate.name === name);
    if (!param) {
      const near = closest(name, names);
      throw usage(
        op,
        names.length === 0
          ? `unknown query parameter "${name}": ${op.resource} ${op.method} takes none`
          : `unknown query parameter "${name}"${near.length > 0 ? ` (did you mean ${near.join(' or ')}?)` : ''}; ${op.resource} ${op.method} takes: ${names.join(', ')}`,
      );
    }
    const converted = convert(param, raw);
    if ('issue' in converted) {
      issues.push({ path: ['query', name], message: converted.issue });
      refused.add(name);
      continue;
    }
    if (name in query) {
      if (!Array.isArray(query[name])) throw usage(op, `--query ${name} is given twice`);
      (query[name] as unknown[]).push(...(converted.value as unknown[]));
    } else {
      query[name] = converted.value;
    }
  }
  if (op.query.length > 0) {
    const check = schemaChecker(
      { ...DOCUMENT_SCHEMAS[op.document], [QUERY_SCHEMA]: querySchema(op) },
      z.fromJSONSchema,
      WORDING,
    );
    for (const issue of check(QUERY_SCHEMA, query)) {
      if (refused.has(String(issue.path[0]))) continue;
      const worded = choiceIssue(issue, query);
      issues.push({ ...worded, path: ['query', ...worded.path] });
    }
  }
  return query;
}

/** The text of `--body`: a file (`@FILE`), standard input (`-`) or the JSON itself. */
async function bodyText(spec: string, out: Output): Promise<string> {
  if (spec === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of out.stdin ?? []) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString('utf8');
  }
  if (!spec.startsWith('@')) return spec;
  const file = spec.slice(1);
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(
      EXIT.invalid,
      `--body: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

/** The parsed body, or a usage error when the operation takes none or needs one. */
async function bodyValue(op: ApiOperation, spec: string | undefined, out: Output): Promise<unknown> {
  if (!op.body) {
    if (spec !== undefined) throw usage(op, `${op.resource} ${op.method} takes no body`);
    return undefined;
  }
  if (spec === undefined) {
    if (op.body.optional) return undefined;
    throw usage(
      op,
      `${op.resource} ${op.method} needs --body @FILE, - (standard input) or the JSON: its schema is ${op.body.schema} of openapi/${op.document}.yaml`,
    );
  }
  const text = await bodyText(spec, out);
  try {
    return JSON.parse(text);
  } catch (error) {
    const where = spec === '-' ? 'standard input' : spec.startsWith('@') ? spec.slice(1) : 'the argument';
    throw new CliError(EXIT.invalid, `--body: ${where} is not JSON (${(error as Error).message})`);
  }
}

/** `--option NAME=VALUE`: only the call options the operation takes, each a secret of the call. */
function optionValues(op: ApiOperation, given: readonly string[], out: Output): Record<string, string> {
  const known = callOptionNames(op);
  const options: Record<string, string> = {};
  for (const text of given) {
    const [name, value] = pair(op, '--option', text);
    if (!known.includes(name)) {
      throw usage(
        op,
        known.length === 0
          ? `unknown option "${name}": ${op.resource} ${op.method} takes no --option`
          : `unknown option "${name}"; ${op.resource} ${op.method} takes: ${known.join(', ')}`,
      );
    }
    // A call option outside the query is a credential of the call (`parentSession`): never printed
    // (docs/decisions.md#d-cli-call-options).
    out.hide(value);
    options[name] = value;
  }
  return options;
}

/**
 * The arguments of `lk.<resource>.<method>(...)`, built from the command line as the table's `args` says, after
 * the query and the body were checked against the operation's document (docs/decisions.md#d-cli-api-checks): a
 * `ValidationError` naming every problem (`query.limit: ...`, `body.title: is required`) before anything is sent.
 */
export async function callArguments(op: ApiOperation, input: ApiInput, out: Output): Promise<unknown[]> {
  const path = pathValues(op, input.path);
  const options = optionValues(op, input.options, out);
  const issues: ValidationIssue[] = [];
  const query = queryValues(op, input.query, issues);
  const body = await bodyValue(op, input.body, out);
  if (op.body && body !== undefined) {
    const check = schemaChecker(DOCUMENT_SCHEMAS[op.document], z.fromJSONSchema, WORDING);
    // A list body (`[{...}, ...]`) is checked item by item (docs/decisions.md#d-oneroster-batch-writes).
    const items: [(string | number)[], unknown][] = !op.body.list
      ? [[[], body]]
      : Array.isArray(body) && body.length > 0
        ? body.map((item, index) => [[index], item])
        : [];
    if (op.body.list && items.length === 0) {
      issues.push({ path: ['body'], message: `must be a JSON array of one or more ${op.body.schema}` });
    }
    for (const [at, item] of items) {
      for (const issue of check(op.body.schema, item)) {
        const worded = choiceIssue(issue, item);
        issues.push({ ...worded, path: ['body', ...at, ...worded.path] });
      }
    }
  }
  if (issues.length > 0) throw createValidationError(issues);

  const callOptions: Record<string, unknown> = { ...options };
  const fromQuery = { ...query };
  for (const arg of op.args) {
    const name = arg.startsWith('options.') ? arg.slice('options.'.length) : undefined;
    if (name !== undefined && name in fromQuery) {
      callOptions[name] = fromQuery[name];
      delete fromQuery[name];
    }
  }
  const args: unknown[] = [];
  for (const arg of op.args) {
    const [kind, name] = [arg.split('.')[0], arg.split('.').slice(1).join('.')];
    if (kind === 'path') args.push(path[op.pathParams.findIndex((param) => param.name === name)]);
    else if (kind === 'body') args.push(name ? (body as Record<string, unknown> | undefined)?.[name] : body);
    else if (kind === 'query') args.push(fromQuery);
  }
  if (Object.keys(callOptions).length > 0) args.push(callOptions);
  return args;
}
