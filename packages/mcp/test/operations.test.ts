// Every operation of the resource map is an MCP tool (docs/decisions.md#d-mcp-tool-per-operation): named from the
// map, taking the operation's parameters, calling the SDK method the map names with the arguments its `args` say,
// with the hints of its method. No platform here: the SDK is a recorder standing in for `LearnKit`.
import type { LearnKit } from '@learnkit/sdk';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { describe, expect, it } from 'vitest';
import { createLearnKitTools, type ToolDefinition } from '../src/index';
import { MAPPED, type MappedOperation, toolNameOf } from './resource-map';

const all = createLearnKitTools({ tools: 'all', env: {} });
const byName = new Map(all.definitions.map((tool) => [tool.name, tool]));
const toolOf = (op: MappedOperation): ToolDefinition => {
  const tool = byName.get(toolNameOf(op));
  if (!tool) throw new Error(`${op.operationId} (${op.sdkPath}.${op.method}) has no tool ${toolNameOf(op)}`);
  return tool;
};
const each = MAPPED.map((op) => [`${toolNameOf(op)} (${op.operationId})`, op] as const);

type Call = { method: string; args: unknown[] };

/**
 * A stand-in for `LearnKit` that records every method called (`oneroster.users.list`) with its arguments and
 * returns what the method's kind resolves with: a page for a listing, a list, or an object.
 */
function recorder(calls: Call[]): LearnKit {
  const responseOf = (method: string): unknown => {
    const op = MAPPED.find((entry) => `${entry.sdkPath}.${entry.method}` === method);
    if (op?.page) return { data: [], total: 0, offset: 0, limit: 100, hasNextPage: () => false };
    if (op?.result.list) return [];
    return {};
  };
  const node = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_target, key) => (typeof key === 'string' && key !== 'then' ? node([...path, key]) : undefined),
      apply: (_target, _this, args: unknown[]) => {
        calls.push({ method: path.join('.'), args });
        return Promise.resolve(responseOf(path.join('.')));
      },
    });
  return node([]) as LearnKit;
}

/** A value of a parameter's schema. */
function sample(schema: { type?: string; enum?: string[] }, name: string): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'integer') return 1;
  if (schema.type === 'array') return [`${name}-1`];
  return `${name}-value`;
}

/**
 * Arguments giving every parameter of `op`, and the positional arguments the SDK method must get for them,
 * worked out from the map's `args` alone.
 */
function argumentsFor(op: MappedOperation, tool: ToolDefinition) {
  const args: Record<string, unknown> = {};
  for (const p of op.pathParams) args[p.name] = `${p.name}-value`;
  for (const q of op.queryParams) args[q.name] = sample(q.schema, q.name);
  const properties = tool.inputSchema.properties as Record<string, { type?: string }>;
  let body: Record<string, unknown> | undefined;
  if (op.body) {
    // The developer tools take the body's members beside the path parameters; the others a `body`.
    const members = op.devplatformTool ? op.body.requiredMembers : op.body.members;
    body = Object.fromEntries(
      members.map((member) => [member, op.devplatformTool ? sample(properties[member] ?? {}, member) : 'x']),
    );
    if (op.devplatformTool) Object.assign(args, body);
    // A list body (results of a line item, line items of a school) takes a list of such objects.
    else args.body = op.body.list ? [body] : body;
  }
  const optionNames = op.args.filter((arg) => arg.startsWith('options.')).map((arg) => arg.slice(8));
  for (const name of optionNames) args[name] ??= `${name}-value`;
  const expected: unknown[] = [];
  const options: Record<string, unknown> = {};
  for (const arg of op.args) {
    const [kind, name] = arg.split('.') as [string, string];
    if (kind === 'path') expected.push(args[name]);
    else if (kind === 'body')
      expected.push(name === undefined ? (op.body?.list ? args.body : body) : body?.[name]);
    else if (kind === 'query') {
      expected.push(
        Object.fromEntries(
          op.queryParams.filter((q) => !optionNames.includes(q.name)).map((q) => [q.name, args[q.name]]),
        ),
      );
    } else options[name] = args[name];
  }
  if (optionNames.length > 0) expected.push(options);
  return { args, expected };
}

describe('a tool for every operation of openapi/resources.yaml', () => {
  it('serves every operation with tools: all, and the two tools that are no operation', () => {
    const missing = MAPPED.filter((op) => !byName.has(toolNameOf(op))).map((op) => op.operationId);
    expect(missing, 'operations of the map without a tool').toEqual([]);
    expect(all.definitions.map((tool) => tool.name).sort()).toEqual(
      [...MAPPED.map(toolNameOf), 'devplatform_list_event_types', 'case_search_items'].sort(),
    );
  });

  it('names every tool in snake_case within the 64 characters hosts accept', () => {
    for (const tool of all.definitions) expect(tool.name).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
    expect(byName.has('oneroster_gradebook_classes_students_results_list')).toBe(true);
    expect(byName.has('oneroster_gradebook_classes_academic_sessions_results_create')).toBe(true);
    expect(byName.has('rostering_linked_users_list')).toBe(true);
    expect(byName.has('insights_sessions_get_enforcement_state')).toBe(true);
  });

  it.each(each)("%s takes the operation's parameters", (_name, op) => {
    const { inputSchema } = toolOf(op);
    const properties = Object.keys(inputSchema.properties as object);
    const required = (inputSchema.required as string[] | undefined) ?? [];
    expect(inputSchema.additionalProperties).toBe(false);
    for (const p of op.pathParams) {
      expect(properties).toContain(p.name);
      expect(required).toContain(p.name);
    }
    for (const q of op.queryParams) {
      expect(properties).toContain(q.name);
      expect(required.includes(q.name)).toBe(q.required);
    }
    if (op.body && op.devplatformTool) {
      for (const member of op.body.members) expect(properties).toContain(member);
    } else if (op.body) {
      expect(properties).toContain('body');
      expect(required.includes('body')).toBe(!op.body.optional);
    } else {
      expect(properties).not.toContain('body');
    }
    for (const arg of op.args.filter((entry) => entry.startsWith('options.'))) {
      expect(properties).toContain(arg.slice(8));
    }
  });

  it.each(each)('%s calls its SDK method with the arguments the map gives', async (_name, op) => {
    const calls: Call[] = [];
    const tools = createLearnKitTools({ tools: 'all', lk: recorder(calls) });
    const { args, expected } = argumentsFor(op, toolOf(op));
    const result = await tools.call(toolNameOf(op), args);
    expect(result.isError, result.content[0]?.text).toBeFalsy();
    expect(calls).toEqual([{ method: `${op.sdkPath}.${op.method}`, args: expected }]);
  });

  it.each(each)('%s has the hints of its method', (_name, op) => {
    const hints = toolOf(op).annotations;
    expect(hints.readOnlyHint).toBe(op.httpMethod === 'GET');
    expect(hints.idempotentHint).toBe(op.retry === 'safe');
    expect(hints.openWorldHint).toBe(true);
    if (op.httpMethod === 'GET') expect(hints.destructiveHint).toBe(false);
    if (op.httpMethod === 'DELETE' || /^rotate/.test(op.method) || op.method === 'put') {
      expect(hints.destructiveHint).toBe(true);
    }
    if (/^(create|send|validate)/.test(op.method)) expect(hints.destructiveHint).toBe(false);
  });

  it('publishes output schemas a host can compile (the MCP SDK client validates results with them)', () => {
    const validator = new AjvJsonSchemaValidator();
    const withOutput = all.definitions.filter((tool) => tool.outputSchema);
    expect(withOutput.length).toBeGreaterThan(55);
    for (const tool of withOutput) {
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(() => validator.getValidator(tool.outputSchema as never), tool.name).not.toThrow();
    }
  });

  it('describes where a tool calls and how a listing pages', () => {
    const list = byName.get('oneroster_users_list')!;
    expect(list.description).toContain(
      'Calls GET /ims/oneroster/rostering/v1p2/users/ (lk.oneroster.users.list).',
    );
    expect(list.description).toContain('search matches givenName, familyName, email');
    expect(list.description).toContain('call again with offset set to nextOffset');
    expect(list.outputSchema?.required).toEqual(['items', 'total', 'offset', 'nextOffset']);
    expect(byName.get('insights_types_list')!.description).toContain('returns the whole list at once');
    // The platform's rostering listings page by at most 100 (docs/decisions.md#d-platform-paging).
    expect(byName.get('rostering_enrollments_list')!.description).toContain('(default 100, at most 100)');
    // A body is the component schema the SDK method takes, under `body`.
    const put = byName.get('oneroster_gradebook_assessment_line_items_update')!;
    expect(
      (put.inputSchema.properties as Record<string, { description: string }>).body?.description,
    ).toContain('sent inside the request body as its member assessmentLineItem');
  });
});
