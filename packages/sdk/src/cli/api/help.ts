import { API_OPERATIONS, type ApiOperation, type ApiSchema } from '../../generated/api-operations';
import { type Output, table } from '../output';
import { callOptionNames, DOCUMENT_SCHEMAS } from './input';

/** `learnkit api --help`. */
export const API_USAGE = `Usage: learnkit api <resource> <method> [ARGS...] [--query NAME=VALUE]... [--body @FILE|-|JSON] [--all] [--output FILE]
       learnkit api --list

Calls lk.<resource>.<method> of the SDK, for every operation of the platform: its retries, idempotency and
pagination apply, and the query and the body are checked against the document before anything is sent.

  ARGS                  the path parameters, in path order
  --query NAME=VALUE    a query parameter (repeat it); lists comma-separated: --query fields=sourcedId,title
  --body @FILE          the JSON body from FILE; --body - reads standard input; or the JSON itself
  --option NAME=VALUE   a call option that is no query parameter (parentSession); never printed
  --all                 a listing's every page (without it: the first page)
  --output FILE         where an operation that returns a file (not JSON) writes it; without it the file goes
                        to stdout only when stdout is not a terminal
  --json                JSON lines: one item of a listing per line, or the one response
  --list                every operation (with --json: resource, method, operationId, httpMethod, path)

learnkit api <resource> <method> --help shows one operation: its arguments, query, body and an example.`;

/** `learnkit api --list [--json]`. */
export function listOperations(out: Output): void {
  if (out.json) {
    out.out(
      JSON.stringify(
        API_OPERATIONS.map(({ resource, method, operationId, httpMethod, path }) => ({
          resource,
          method,
          operationId,
          httpMethod,
          path,
        })),
        null,
        2,
      ),
    );
    return;
  }
  out.out(`${API_OPERATIONS.length} operations; learnkit api <resource> <method> --help shows one.`);
  out.out();
  const rows = API_OPERATIONS.map((op) => [op.resource, op.method, op.httpMethod, op.path]);
  for (const line of table([['RESOURCE', 'METHOD', 'HTTP', 'PATH'], ...rows])) out.out(line);
}

/** A JSON Schema in a few words: `integer 1..3000`, `asc|desc`, `list of string`. */
function typeOf(schema: ApiSchema): string {
  const {
    type,
    enum: choices,
    minimum,
    maximum,
    items,
  } = schema as {
    type?: string;
    enum?: unknown[];
    minimum?: number;
    maximum?: number;
    items?: ApiSchema;
  };
  if (choices) return choices.join('|');
  if (type === 'array') return `comma-separated ${items ? typeOf(items) : 'value'}s`;
  if (minimum !== undefined || maximum !== undefined) return `${type} ${minimum ?? ''}..${maximum ?? ''}`;
  return type ?? 'value';
}

/** The members of a component schema (its `allOf` parts merged), the required ones marked. */
function membersOf(defs: Readonly<Record<string, unknown>>, name: string): string[] {
  const members = new Map<string, boolean>();
  const walk = (schema: unknown) => {
    const node = schema as { $ref?: string; properties?: object; required?: string[]; allOf?: unknown[] };
    if (!node) return;
    if (node.$ref) return walk(defs[node.$ref.replace('#/$defs/', '')]);
    for (const key of Object.keys(node.properties ?? {})) members.set(key, members.get(key) ?? false);
    for (const key of node.required ?? []) members.set(key, true);
    for (const part of node.allOf ?? []) walk(part);
  };
  walk(defs[name]);
  return [...members].map(([key, required]) => (required ? `${key} (required)` : key));
}

/** `items` comma-separated after `lead`, in lines of at most 110 characters, continued under the first item. */
function wrapList(lead: string, items: readonly string[]): string[] {
  const lines: string[] = [];
  let line = lead;
  items.forEach((item, i) => {
    const text = i < items.length - 1 ? `${item},` : item;
    if (line.length > lead.length && line.length + 1 + text.length > 110) {
      lines.push(line);
      line = ' '.repeat(lead.length) + text;
    } else line = line.length > lead.length ? `${line} ${text}` : `${line}${text}`;
  });
  if (items.length > 0) lines.push(line);
  return lines;
}

/** The call the arguments make, in TypeScript: `lk.oneroster.users.get(id, { fields })`. */
function callOf(op: ApiOperation): string {
  const options: string[] = [];
  const args: string[] = [];
  for (const arg of op.args) {
    const [kind, name] = [arg.split('.')[0], arg.split('.').slice(1).join('.')];
    if (kind === 'path') args.push(op.pathParams.find((param) => param.name === name)?.as ?? name);
    else if (kind === 'body') args.push(name ? `body.${name}` : 'body');
    else if (kind === 'query') args.push('query');
    else options.push(name);
  }
  if (options.length > 0) args.push(`{ ${options.join(', ')} }`);
  return `lk.${op.resource}.${op.method}(${args.join(', ')})`;
}

/** `learnkit api <resource> <method> --help`. */
export function operationHelp(out: Output, op: ApiOperation): void {
  const words = [
    'learnkit api',
    op.resource,
    op.method,
    ...op.pathParams.map((param) => `<${param.name}>`),
    ...(op.query.length > 0 ? ['[--query NAME=VALUE]...'] : []),
    ...(op.body ? [op.body.optional ? '[--body @FILE|-|JSON]' : '--body @FILE|-|JSON'] : []),
    ...callOptionNames(op).map((name) => `--option ${name}=VALUE`),
    ...(op.page ? ['[--all]'] : []),
    ...(op.file ? ['[--output FILE]'] : []),
  ];
  const lines = [`Usage: ${words.join(' ')}`, '', op.summary, ''];
  lines.push(
    `Calls ${callOf(op)}: ${op.httpMethod} ${op.path} (${op.operationId}, openapi/${op.document}.yaml).`,
  );
  if (op.httpMethod !== 'GET') {
    lines.push(
      op.retry === 'safe'
        ? 'Safe to repeat: retried on 5xx and timeouts.'
        : 'Not repeated once the request may have reached the platform (only on connection refused or 429).',
    );
  }
  if (op.page) lines.push('A listing: prints its first page; --all walks every page.');
  if (op.file) {
    lines.push(
      `returns a file (${op.file}), not JSON: --output FILE writes it; without it, it goes to stdout only when stdout is not a terminal.`,
    );
  }
  if (op.pathParams.length > 0) {
    lines.push('', 'Arguments:');
    const rows = op.pathParams.map((param) => [`  ${param.name}`, param.description ?? '']);
    lines.push(...table(rows));
  }
  if (op.query.length > 0) {
    lines.push('', 'Query parameters (--query NAME=VALUE):');
    const rows = op.query.map((param) => [
      `  ${param.name}${param.required ? ' (required)' : ''}`,
      typeOf(param.schema),
      param.name === 'search' && op.searchFields
        ? `matches ${op.searchFields.join(', ')}`
        : (param.description ?? ''),
    ]);
    lines.push(...table(rows));
  }
  if (op.body) {
    const members = membersOf(DOCUMENT_SCHEMAS[op.document], op.body.schema);
    lines.push(
      '',
      `Body${op.body.optional ? ' (optional)' : ''}: ${op.body.schema} of openapi/${op.document}.yaml`,
      ...wrapList('  members: ', members),
    );
  }
  const options = callOptionNames(op);
  if (options.length > 0) {
    lines.push('', `Call options (--option NAME=VALUE, never printed): ${options.join(', ')}`);
  }
  lines.push('', 'Example (TypeScript):', ...op.example.split('\n').map((line) => `  ${line}`));
  for (const line of lines) out.out(line);
}
