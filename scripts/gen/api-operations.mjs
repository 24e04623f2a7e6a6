// Writes packages/sdk/src/generated/api-operations.ts from the resource map (docs/decisions.md#d-cli-api-table): one
// row per operation, holding what `learnkit api` needs to parse a command line, check it against the document and
// call `lk.<resource>.<method>` with it. Body schemas are named, not copied: the command reads them from core's
// `caseSchemas`, `platformSchemas` and `onerosterSchemas` at run time, the copy every package already ships.
import { HEADER } from './typescript.mjs';

export const API_OPERATIONS_PATH = 'packages/sdk/src/generated/api-operations.ts';

/** A document's `$ref` as the generated JSON Schemas write it (`#/components/schemas/X` -> `#/$defs/X`). */
function localRefs(value) {
  if (Array.isArray(value)) return value.map(localRefs);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === '$ref' && typeof inner === 'string'
          ? inner.replace('#/components/schemas/', '#/$defs/')
          : localRefs(inner),
      ]),
    );
  }
  return value;
}

/**
 * The first sentence of a parameter's description, without the `Decision:` remarks meant for the document's
 * reader: what `--help` shows beside the parameter.
 */
export function firstSentence(text) {
  if (!text) return undefined;
  const plain = text.replace(/\s+/g, ' ').split(' Decision:')[0].trim();
  const end = /\.(\s|$)/.exec(plain);
  return end ? plain.slice(0, end.index + 1) : plain;
}

/** A query parameter as the command checks and describes it. */
function queryRow(param) {
  return {
    name: param.name,
    ...(param.required && { required: true }),
    schema: localRefs(param.schema ?? { type: 'string' }),
    ...(param.description && { description: firstSentence(param.description) }),
  };
}

/** One operation's row. `query` is the name of the shared list of its query parameters, or `[]`. */
function row(op, query) {
  const out = {
    resource: op.sdkPath,
    method: op.method,
    operationId: op.operationId,
    httpMethod: op.httpMethod,
    path: op.path,
    summary: op.summary,
    document: op.documentName,
    pathParams: op.pathParams.map((p) => ({
      name: p.name,
      as: p.as,
      ...(p.description && { description: firstSentence(p.description) }),
    })),
  };
  // The body the method takes: the member `wrap` names for a wrapped body (the method wraps it itself).
  if (op.body) {
    const schema = op.body.inner ?? op.body.schema;
    if (!schema) throw new Error(`gen: ${op.operationId} has a body without a component schema`);
    out.body = { schema, ...(op.body.list && { list: true }), ...(op.body.optional && { optional: true }) };
  }
  if (op.page) out.page = op.page;
  if (op.result.list) out.list = true;
  if (op.searchFields?.length) out.searchFields = op.searchFields;
  // A file response, which the CLI writes to --output (docs/decisions.md#d-oneroster-binary-export).
  if (op.success.binary) out.file = op.success.binary;
  out.args = op.args;
  out.retry = op.retry;
  out.example = op.example;
  // The query parameters go in by the name of their shared list, before `args`.
  return JSON.stringify(out, null, 2).replace(/\n {2}"args":/, `\n  "query": ${query},\n  "args":`);
}

/** `{ path, content }` of the table (TypeScript, formatted by the caller). */
export function generateApiOperations(model) {
  // Listings of one document share their seven query parameters: each distinct list is written once.
  const lists = new Map();
  for (const op of model.operations) {
    const rows = op.queryParams.map(queryRow);
    const key = JSON.stringify(rows);
    if (!lists.has(key)) lists.set(key, { name: `${op.operationId}Query`, rows, used: 0 });
    lists.get(key).used++;
  }
  const shared = [...lists.values()].filter((list) => list.rows.length > 0);
  const queryOf = (op) => {
    const list = lists.get(JSON.stringify(op.queryParams.map(queryRow)));
    return list.rows.length > 0 ? list.name : '[]';
  };
  const constants = shared.map(
    (list) =>
      `/** The query parameters of ${list.name.replace(/Query$/, '')}${list.used > 1 ? ` and ${list.used - 1} more` : ''}. */\nconst ${list.name}: readonly ApiQueryParameter[] = ${JSON.stringify(list.rows, null, 2)};`,
  );
  const rows = model.operations.map((op) => row(op, queryOf(op)));
  return [
    {
      path: API_OPERATIONS_PATH,
      content: `${HEADER}
/** A JSON Schema, as the documents give it (references point into its family's \`*Schemas\`: \`caseSchemas\` of @learnkit/case, ...). */
export type ApiSchema = Readonly<Record<string, unknown>>;

/** A path parameter: its name in the document, and what the SDK method calls it. */
export interface ApiPathParameter {
  /** Its name in the document's path template (\`sourcedId\`). */
  readonly name: string;
  /** What the SDK method calls it (\`id\`). */
  readonly as: string;
  /** The first sentence of the document's description. */
  readonly description?: string;
}

/** A query parameter and its schema. */
export interface ApiQueryParameter {
  /** Its name in the query string. */
  readonly name: string;
  /** The document requires it. */
  readonly required?: true;
  /** Its JSON Schema, as the document gives it. */
  readonly schema: ApiSchema;
  /** The first sentence of the document's description. */
  readonly description?: string;
}

/** One operation of the platform, as \`learnkit api\` calls it: \`lk.<resource>.<method>(...)\`. */
export interface ApiOperation {
  /** The SDK path of the resource (\`oneroster.users\`). */
  readonly resource: string;
  /** The method of the resource (\`list\`). */
  readonly method: string;
  /** The operationId in the document. */
  readonly operationId: string;
  /** The HTTP method it is sent with. */
  readonly httpMethod: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';
  /** The path template (\`/ims/oneroster/rostering/v1p2/users/{sourcedId}\`). */
  readonly path: string;
  /** One line: what the call does (the map's summary). */
  readonly summary: string;
  /** The document of openapi/ that describes it, whose family's \`*Schemas\` hold its schemas. */
  readonly document: 'case' | 'platform' | 'oneroster';
  /** The path parameters, in path order. */
  readonly pathParams: readonly ApiPathParameter[];
  /** The query parameters, in the document's order. */
  readonly query: readonly ApiQueryParameter[];
  /**
   * The body the method takes: a component schema of the document (the inner one, for a wrapped body), or a list
   * of objects of it (\`list\`).
   */
  readonly body?: { readonly schema: string; readonly list?: true; readonly optional?: true };
  /** A paginated listing: the member of the response holding the page. */
  readonly page?: string;
  /** The method resolves with an array. */
  readonly list?: true;
  /** The members \`search\` matches. */
  readonly searchFields?: readonly string[];
  /** The media type of the file the operation returns instead of JSON (\`application/zip\`). */
  readonly file?: string;
  /**
   * How to call the method from the parameters: \`path.<name>\`, \`body\`, \`body.<member>\`, \`query\`, and
   * \`options.<name>\` (a value of the call options, the last argument).
   */
  readonly args: readonly string[];
  /** Whether a failed attempt may be sent again. */
  readonly retry: 'safe' | 'unsafe';
  /** TypeScript calling the method. */
  readonly example: string;
}

${constants.join('\n\n')}

/** Every operation of the resource map, in map order. */
export const API_OPERATIONS: readonly ApiOperation[] = [
${rows.join(',\n')}
];
`,
    },
  ];
}
