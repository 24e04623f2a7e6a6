import { checkArguments } from '../arguments';
import { toolError } from '../errors';
import { dataResult, errorResult, type ToolResult } from '../result';
import { tagsOf } from '../selection';
import type { Connection, ObjectSchema, Tool, ToolAnnotations } from '../tool';

export const LIST_OPERATIONS = 'learnkit_list_operations';
export const DESCRIBE_OPERATION = 'learnkit_describe_operation';
export const CALL_OPERATION = 'learnkit_call_operation';

const LOCAL: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** What the model is told about one operation in a listing. */
const summaryOf = (tool: Tool) => ({
  name: tool.name,
  title: tool.title,
  route: tool.route ?? null,
  tags: tool.tags,
  readOnly: tool.annotations.readOnlyHint === true,
});

/** The names of `tools` closest to `name` (sharing the most words), for a "did you mean". */
function closest(tools: readonly Tool[], name: string): string[] {
  const words = new Set(
    name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );
  return tools
    .map((tool) => ({ tool, score: tool.name.split('_').filter((word) => words.has(word)).length }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map((entry) => entry.tool.name);
}

function unknownOperation(tools: readonly Tool[], tool: string, name: unknown): ToolResult {
  const near = typeof name === 'string' ? closest(tools, name) : [];
  return errorResult(
    `${tool}: ${JSON.stringify(name)} is not an operation of this server${near.length > 0 ? ` (did you mean ${near.join(', ')}?)` : ''}. ${LIST_OPERATIONS} lists them.`,
  );
}

/** The argument naming an operation: one of the names `learnkit_list_operations` gives. */
function nameArgument(tools: readonly Tool[]) {
  return {
    type: 'string',
    enum: tools.map((tool) => tool.name),
    description: `The operation's name, as ${LIST_OPERATIONS} gives it.`,
  };
}

/** `learnkit_list_operations`: the operations' summaries, optionally those matching words or of one tag. */
function listTool(tools: readonly Tool[]): Tool {
  const tags = tagsOf(tools);
  const listInput: ObjectSchema = {
    type: 'object',
    properties: {
      search: {
        type: 'string',
        description:
          'Words the name, title, description or route must all contain (case-insensitive), e.g. "gradebook results".',
      },
      tag: { type: 'string', enum: tags, description: 'Only the operations of this OpenAPI tag.' },
    },
    additionalProperties: false,
  };
  const list: Tool = {
    name: LIST_OPERATIONS,
    title: 'List the LearnKit operations',
    description: `Lists the ${tools.length} operations of the LearnKit platform this server can call (name, title, route, tags, readOnly), optionally only those matching search or of one tag (${tags.join(', ')}). Then read an operation's arguments with ${DESCRIBE_OPERATION} and call it with ${CALL_OPERATION}.`,
    inputSchema: listInput,
    outputSchema: {
      type: 'object',
      properties: {
        operations: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              title: { type: 'string' },
              route: { type: ['string', 'null'] },
              tags: { type: 'array', items: { type: 'string' } },
              readOnly: { type: 'boolean' },
            },
            required: ['name', 'title', 'route', 'tags', 'readOnly'],
          },
        },
      },
      required: ['operations'],
    },
    annotations: LOCAL,
    tags: [],
    async call(_connection: Connection, raw: Record<string, unknown>): Promise<ToolResult> {
      try {
        const args = checkArguments(listInput, raw) as { search?: string; tag?: string };
        const words = (args.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        const tag = args.tag?.toLowerCase();
        const found = tools.filter((tool) => {
          if (tag !== undefined && !tool.tags.some((entry) => entry.toLowerCase() === tag)) return false;
          const text = [tool.name, tool.title, tool.description, tool.route ?? ''].join(' ').toLowerCase();
          return words.every((word) => text.includes(word));
        });
        return dataResult({ operations: found.map(summaryOf) });
      } catch (error) {
        return toolError(error, { tool: LIST_OPERATIONS, credentials: 'client' }, []);
      }
    },
  };
  return list;
}

/** `learnkit_describe_operation`: one operation's description, argument and result schemas, and hints. */
function describeTool(tools: readonly Tool[], byName: ReadonlyMap<string, Tool>): Tool {
  const describeInput: ObjectSchema = {
    type: 'object',
    properties: { name: nameArgument(tools) },
    required: ['name'],
    additionalProperties: false,
  };
  const describe: Tool = {
    name: DESCRIBE_OPERATION,
    title: 'Describe a LearnKit operation',
    description: `What one operation does and takes: its description, the JSON Schema of its arguments (inputSchema) and of its result (outputSchema, where the platform's document describes it), and its hints (readOnlyHint, destructiveHint, ...). Call it with ${CALL_OPERATION}.`,
    inputSchema: describeInput,
    outputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        title: { type: 'string' },
        description: { type: 'string' },
        inputSchema: { type: 'object' },
        outputSchema: { type: 'object' },
        annotations: { type: 'object' },
      },
      required: ['name', 'title', 'description', 'inputSchema', 'annotations'],
    },
    annotations: LOCAL,
    tags: [],
    async call(_connection: Connection, raw: Record<string, unknown>): Promise<ToolResult> {
      try {
        const { name } = checkArguments(describeInput, raw);
        const tool = byName.get(name as string);
        if (!tool) return unknownOperation(tools, DESCRIBE_OPERATION, name);
        const { call: _call, tags: _tags, route: _route, ...definition } = tool;
        return dataResult({ ...definition });
      } catch (error) {
        return toolError(error, { tool: DESCRIBE_OPERATION, credentials: 'client' }, []);
      }
    },
  };
  return describe;
}

/** `learnkit_call_operation`: calls one operation; its hints hold for every operation it reaches. */
function callTool(tools: readonly Tool[], byName: ReadonlyMap<string, Tool>): Tool {
  const callInput: ObjectSchema = {
    type: 'object',
    properties: {
      name: nameArgument(tools),
      arguments: {
        type: 'object',
        description: `The operation's arguments, valid against the inputSchema ${DESCRIBE_OPERATION} gives.`,
      },
    },
    required: ['name'],
    additionalProperties: false,
  };
  const every = (hint: keyof ToolAnnotations) => tools.every((tool) => tool.annotations[hint] === true);
  const call: Tool = {
    name: CALL_OPERATION,
    title: 'Call a LearnKit operation',
    description: `Calls one operation with its arguments and returns what that operation returns (a failure is an error result that names the argument to fix). Read its arguments with ${DESCRIBE_OPERATION} first.`,
    inputSchema: callInput,
    // The hints hold for every operation it reaches: read-only when every one is, destructive when any is.
    annotations: {
      readOnlyHint: every('readOnlyHint'),
      destructiveHint: tools.some((tool) => tool.annotations.destructiveHint === true),
      idempotentHint: every('idempotentHint'),
      openWorldHint: tools.some((tool) => tool.annotations.openWorldHint !== false),
    },
    tags: [],
    async call(connection: Connection, raw: Record<string, unknown>): Promise<ToolResult> {
      let args: Record<string, unknown>;
      try {
        args = checkArguments(callInput, raw);
      } catch (error) {
        return toolError(error, { tool: CALL_OPERATION, credentials: 'client' }, []);
      }
      const tool = byName.get(args.name as string);
      if (!tool) return unknownOperation(tools, CALL_OPERATION, args.name);
      return tool.call(connection, (args.arguments as Record<string, unknown> | undefined) ?? {});
    },
  };
  return call;
}

/**
 * The three tools of `--tools dynamic` (docs/decisions.md#d-mcp-dynamic-tools): list the operations, describe one
 * (its input and output schemas), call one with arguments, over `tools` (the tools the selection reaches).
 */
export function dynamicTools(tools: readonly Tool[]): Tool[] {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return [listTool(tools), describeTool(tools, byName), callTool(tools, byName)];
}
