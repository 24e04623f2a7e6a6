import { createHash } from 'node:crypto';
import { type LearnKit, type Page, ValidationError, type ValidationIssue } from '@learnkit/sdk';
import { checkArguments } from '../arguments';
import { toolError } from '../errors';
import { OPERATION_TOOLS, PARAMETERS } from '../generated/tools';
import type { JsonSchema, OperationTool } from '../operation-types';
import { dataResult, type ToolResult } from '../result';
import { componentSchema, objectParts } from '../schemas';
import type { Connection, ObjectSchema, Tool } from '../tool';
import { callerOf, configurationError } from './webhooks';

/**
 * The responses an SDK method shapes itself instead of returning the document's (a custom method that makes more
 * than one request), by operationId: `lk.caliper.send` batches the events and sums the responses; a file response is
 * described by the tool, not carried.
 */
const SDK_RESULTS: Readonly<Record<string, ObjectSchema>> = {
  sendCaliperEvents: {
    type: 'object',
    properties: {
      accepted: { type: 'integer', description: 'Events the platform stored for the first time.' },
      duplicates: { type: 'integer', description: 'Events the platform already had.' },
      skipped: {
        type: 'array',
        items: { type: 'string' },
        description: 'Ids not sent at all: this server had them accepted before.',
      },
      requests: { type: 'integer', description: 'Requests made (0 when everything was skipped).' },
    },
    required: ['accepted', 'duplicates', 'skipped', 'requests'],
  },
  // A file response is described, not carried (docs/decisions.md#d-oneroster-binary-export).
  exportResourceToCommonCartridge: {
    type: 'object',
    properties: {
      file: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'The file name the platform gave (or one made up).' },
          mediaType: { type: ['string', 'null'], description: 'The media type, e.g. application/zip.' },
          size: { type: 'integer', description: 'Bytes.' },
          sha256: { type: 'string', description: 'SHA-256 of the bytes, hex.' },
        },
        required: ['name', 'mediaType', 'size', 'sha256'],
      },
      save: { type: 'string', description: 'The CLI command that saves the file.' },
    },
    required: ['file', 'save'],
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The argument name of a query parameter key of `PARAMETERS` (`oneroster.limit` -> `limit`). */
const queryName = (key: string) => key.split('.')[1] as string;

/** The `body` argument: the component schema the SDK method takes, saying how it is sent. */
function bodySchema(body: NonNullable<OperationTool['body']>, op: OperationTool): JsonSchema {
  const schema = componentSchema(body.schema, op.document);
  if (body.list) {
    // A list of objects, sent inside the request body as one member (docs/decisions.md#d-oneroster-batch-writes).
    const note = `A list of ${body.schema}, one or more: sent inside the request body as its member ${body.wrap}.`;
    return { type: 'array', items: schema, minItems: 1, description: note };
  }
  const note = body.wrap
    ? `The ${body.schema}: sent inside the request body as its member ${body.wrap}.`
    : `The request body (${body.schema}).`;
  return {
    ...schema,
    description: typeof schema.description === 'string' ? `${note} ${schema.description}` : note,
  };
}

/**
 * The arguments of an operation's tool, under the document's names: its path parameters, its query parameters,
 * the call options that are no parameter (a parent's session), and its body as `body`
 * (docs/decisions.md#d-mcp-tool-per-operation).
 */
function inputSchemaOf(op: OperationTool): ObjectSchema {
  const properties: Record<string, JsonSchema> = { ...op.pathParams };
  for (const key of op.query ?? []) {
    properties[queryName(key)] = PARAMETERS[key] as JsonSchema;
  }
  Object.assign(properties, op.options);
  if (op.body) properties.body = bodySchema(op.body, op);
  return {
    type: 'object',
    properties,
    required: [
      ...Object.keys(op.pathParams),
      ...(op.requiredQuery ?? []),
      ...Object.keys(op.options ?? {}),
      ...(op.body?.required ? ['body'] : []),
    ],
    additionalProperties: false,
  };
}

/** `schema` as an object schema, `allOf` parts merged; undefined for a schema that is not one object. */
function asObject(schema: JsonSchema): ObjectSchema | undefined {
  if (Array.isArray(schema.allOf)) {
    const { properties, required } = objectParts(schema);
    return { type: 'object', properties, required };
  }
  return schema.type === 'object' ? (schema as ObjectSchema) : undefined;
}

/** An object schema without its `required` list: what `fields` may leave of it. */
function partial(schema: ObjectSchema): ObjectSchema {
  const { required: _required, ...rest } = schema;
  return rest as ObjectSchema;
}

/** What a listing's tool responds: one page (docs/decisions.md#d-mcp-one-page). */
function pageSchema(items: JsonSchema): ObjectSchema {
  return {
    type: 'object',
    properties: {
      items: { type: 'array', items },
      total: {
        type: ['integer', 'null'],
        description: 'Items across every page; null when the platform did not say.',
      },
      offset: { type: 'integer', description: 'The offset of the first item of this page.' },
      nextOffset: {
        type: ['integer', 'null'],
        description: 'The offset argument of the next page; null on the last page.',
      },
    },
    required: ['items', 'total', 'offset', 'nextOffset'],
  };
}

/** The output schema, where the document describes the response the SDK method resolves with. */
function outputSchemaOf(op: OperationTool): ObjectSchema | undefined {
  const own = SDK_RESULTS[op.operationId];
  if (own) return own;
  if (!op.output) return undefined;
  let schema: JsonSchema | undefined = componentSchema(op.output.schema, op.document);
  if (op.output.member) schema = objectParts(schema).properties[op.output.member];
  if (!schema) return undefined;
  if (op.paging) {
    const item = (schema.items as JsonSchema | undefined) ?? {};
    const object = asObject(item);
    return pageSchema(op.output.partial && object ? partial(object) : item);
  }
  const object = asObject(schema);
  return object && op.output.partial ? partial(object) : object;
}

/** What the model reads: the map's summary and description, the route and SDK method, and how paging works. */
function descriptionOf(op: OperationTool): string {
  const parts = [op.summary, `Calls ${op.method} ${op.path} (lk.${op.call}).`];
  if (op.description) parts.push(op.description);
  if (op.searchFields)
    parts.push(`search matches ${op.searchFields.join(', ')} (case-insensitive, partial).`);
  if (op.paging === 'offset') {
    // The platform's own listings page by at most 100 (docs/decisions.md#d-platform-paging).
    const most = op.document === 'platform' ? 100 : 3000;
    parts.push(
      `returns one page: items, total (null when the platform does not say), offset and nextOffset; for the next page call again with offset set to nextOffset (null on the last page). limit sets the page size (default 100, at most ${most}).`,
    );
  } else if (op.paging === 'whole') {
    parts.push('returns the whole list at once, as items (nextOffset is always null).');
  }
  return parts.join(' ');
}

/** The SDK method `lk.<call>`, bound to its resource. */
function methodOf(lk: LearnKit, call: string): (...args: unknown[]) => unknown {
  const path = call.split('.');
  const name = path.pop() as string;
  let target: unknown = lk;
  for (const segment of path) target = (target as Record<string, unknown>)[segment];
  const method = (target as Record<string, unknown> | undefined)?.[name];
  if (typeof method !== 'function') throw new Error(`lk.${call} is not a method of this SDK`);
  return (...args: unknown[]) => Reflect.apply(method, target, args);
}

/** The positional arguments of the SDK method, from the tool's arguments, as the map's `args` says. */
function positional(op: OperationTool, args: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  const options: Record<string, unknown> = {};
  let takesOptions = false;
  const optionNames = new Set(op.args.filter((arg) => arg.startsWith('options.')).map((arg) => arg.slice(8)));
  for (const arg of op.args) {
    const [kind, name] = arg.split('.') as [string, string | undefined];
    if (kind === 'path') out.push(args[name as string]);
    else if (kind === 'body')
      out.push(name === undefined ? args.body : (args.body as Record<string, unknown>)[name]);
    else if (kind === 'query') {
      const given = (op.query ?? [])
        .map(queryName)
        .filter((key) => !optionNames.has(key) && args[key] !== undefined)
        .map((key) => [key, args[key]]);
      out.push(given.length > 0 ? Object.fromEntries(given) : undefined);
    } else if (kind === 'options') {
      takesOptions = true;
      if (args[name as string] !== undefined) options[name as string] = args[name as string];
    }
  }
  if (takesOptions) out.push(Object.keys(options).length > 0 ? options : undefined);
  return out;
}

/** The members of `body` a method taking some of its members one by one does not take (they would be dropped). */
function unknownBodyMembers(op: OperationTool, args: Record<string, unknown>): void {
  const members = op.body?.members;
  if (!members || !isRecord(args.body)) return;
  const issues: ValidationIssue[] = Object.keys(args.body)
    .filter((key) => !members.includes(key))
    .map((key) => ({
      path: ['body', key],
      message: `is not a member of this body (it takes ${members.join(', ')})`,
    }));
  if (issues.length > 0) throw new ValidationError(issues);
}

/**
 * A `ValidationError` of the SDK with its paths named as the tool's arguments: the SDK's parameter names
 * (`userId`, `lineItem`, `query.subject`, `options.parentSession`) become the tool's (`sourcedId`, `body`, `subject`,
 * `parentSession`).
 */
function asToolIssues(error: unknown, op: OperationTool): unknown {
  if (!(error instanceof ValidationError)) return error;
  const rename = (path: readonly (string | number)[]): (string | number)[] => {
    const [first, ...rest] = path;
    if ((first === 'query' || first === 'options') && rest.length > 0) return rest;
    const to = typeof first === 'string' ? op.renames?.[first] : undefined;
    return to ? [...to.split('.'), ...rest] : [...path];
  };
  return new ValidationError(error.issues.map((issue) => ({ ...issue, path: rename(issue.path) })));
}

/** The response as plain JSON (what a tool result holds). */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

/** A file response of the SDK (core's `BinaryContent`, duck-typed so another copy of core matches too). */
interface FileResponse {
  readonly contentType: string | undefined;
  readonly filename: string | undefined;
  readonly size: number;
  bytes(): Promise<Uint8Array>;
}

const isFileResponse = (value: unknown): value is FileResponse =>
  isRecord(value) && typeof value.bytes === 'function' && typeof value.size === 'number';

/**
 * A file response as a tool result: what the file is (name, media type, size, SHA-256) and the CLI command that saves
 * it, as text and as structured content. The bytes are not put in the result: a model cannot read a ZIP, and its
 * base64 would fill the context (docs/decisions.md#d-oneroster-binary-export).
 */
async function fileResult(
  op: OperationTool,
  file: FileResponse,
  args: Record<string, unknown>,
): Promise<ToolResult> {
  const bytes = await file.bytes();
  const name = file.filename ?? `${op.name}.bin`;
  const resource = op.call.split('.').slice(0, -1).join('.');
  const method = op.call.split('.').pop();
  const ids = op.args.filter((arg) => arg.startsWith('path.')).map((arg) => String(args[arg.slice(5)]));
  const save = ['learnkit api', resource, method, ...ids, '--output', name].join(' ');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return dataResult(
    { file: { name, mediaType: file.contentType ?? null, size: bytes.byteLength, sha256 }, save },
    `${op.method} ${op.path} responded a file, which a tool result does not carry; save it with: ${save}`,
  );
}

async function resultOf(
  op: OperationTool,
  pending: unknown,
  args: Record<string, unknown> = {},
): Promise<ToolResult> {
  if (op.paging) {
    const page = (await pending) as Page<unknown>;
    return dataResult({
      items: plain(page.data),
      total: page.total ?? null,
      offset: page.offset,
      nextOffset: page.hasNextPage() ? page.offset + page.data.length : null,
    });
  }
  const rawResponse = await pending;
  if (isFileResponse(rawResponse)) return fileResult(op, rawResponse, args);
  if (rawResponse === undefined) {
    return { content: [{ type: 'text', text: `Done: ${op.method} ${op.path} responded without content.` }] };
  }
  const data = plain(rawResponse);
  return isRecord(data)
    ? dataResult(data)
    : { content: [{ type: 'text', text: JSON.stringify(data, null, 2) }] };
}

function operationTool(op: OperationTool): Tool {
  const inputSchema = inputSchemaOf(op);
  const outputSchema = outputSchemaOf(op);
  const route = `${op.method} ${op.path}`;
  // The options of the call that are no parameter are the tokens of the operation's own security schemes.
  const token = Object.keys(op.options ?? {})[0];
  return {
    name: op.name,
    title: op.title,
    description: descriptionOf(op),
    inputSchema,
    ...(outputSchema && { outputSchema }),
    annotations: { ...op.annotations },
    tags: op.tags,
    route,
    async call(connection: Connection, raw: Record<string, unknown>): Promise<ToolResult> {
      if (!connection.lk) return configurationError(connection.error);
      const { lk } = connection;
      try {
        const args = checkArguments(inputSchema, raw);
        unknownBodyMembers(op, args);
        return await resultOf(op, methodOf(lk, op.call)(...positional(op, args)), args);
      } catch (error) {
        const caller = { ...callerOf(lk, op.name), operation: { route, scope: op.scope, token } };
        return toolError(asToolIssues(error, op), caller, connection.secrets);
      }
    },
  };
}

/**
 * A tool for every operation of openapi/resources.yaml but the six developer-tool ones, each calling its SDK
 * method (docs/decisions.md#d-mcp-tool-per-operation), in the order of the map.
 */
export function operationTools(): Tool[] {
  return OPERATION_TOOLS.map(operationTool);
}
